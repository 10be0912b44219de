// What the invite renderer reads from `me.progress.invite` (server: play/invite/inviteView.ts),
// read defensively: a page drawn before the participant has a session has no progress.

export interface InviteStep {
  invites: number;
  prizeId: string;
  reached: boolean;
}

export interface InviteState {
  code: string | null;
  link: string | null;
  viaDeepLink: boolean;
  rules: string[];
  invited: number;
  pending: number;
  qualified: number;
  refused: number;
  ladder: InviteStep[];
  perInvitePrizeId: string | null;
  newUserPrizeId: string | null;
  rewardsLeft: number | null;
  recent: { invitee: string; status: string; refusal: string | null; at: string }[];
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

export function readInvite(progress: Record<string, unknown>): InviteState | null {
  const raw = progress.invite;
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  return {
    code: str(p.code),
    link: str(p.link),
    viaDeepLink: p.viaDeepLink === true,
    rules: Array.isArray(p.rules) ? p.rules.filter((r): r is string => typeof r === 'string') : [],
    invited: num(p.invited),
    pending: num(p.pending),
    qualified: num(p.qualified),
    refused: num(p.refused),
    ladder: Array.isArray(p.ladder)
      ? (p.ladder as Record<string, unknown>[]).map((s) => ({
          invites: num(s.invites),
          prizeId: String(s.prizeId ?? ''),
          reached: s.reached === true,
        }))
      : [],
    perInvitePrizeId: str(p.perInvitePrizeId),
    newUserPrizeId: str(p.newUserPrizeId),
    rewardsLeft: typeof p.rewardsLeft === 'number' ? p.rewardsLeft : null,
    recent: Array.isArray(p.recent)
      ? (p.recent as Record<string, unknown>[]).map((r) => ({
          invitee: String(r.invitee ?? ''),
          status: String(r.status ?? ''),
          refusal: str(r.refusal),
          at: String(r.at ?? ''),
        }))
      : [],
  };
}

/** The next ladder step not reached yet, with how many invites it still needs. */
export function nextStep(state: InviteState): { step: InviteStep; missing: number } | null {
  const step = state.ladder.find((s) => !s.reached);
  return step ? { step, missing: Math.max(0, step.invites - state.qualified) } : null;
}

/** What a recent invite says (a text key of `invite`): why it was refused, else where it stands. */
export function recentStatusKey(invite: InviteState['recent'][number]): string {
  return invite.status === 'refused' && invite.refusal
    ? `invite.refusal.${invite.refusal}`
    : `invite.status.${invite.status}`;
}
