// Referral ("old brings new") and the invite contest (the `invite` mechanic): when an invite
// qualifies, whether its invitee is a new user, which refusals apply, which rewards an inviter
// reaches, how a contest ranks, and the fission figures of the report. Pure: the server passes
// the facts it received (attributions, SDK events) and stores what these rules decide.

export type InviteRule = 'download' | 'register' | 'complete-task';
export type NewUserDefinition = 'new-device' | 'new-account' | 'first-open';

/** Why an invite earns nothing (shown in the report). */
export type InviteRefusal = 'self' | 'loop' | 'device' | 'notNew';

/** What the server has received about one invitee, as ISO times (null: not yet). */
export interface InviteSteps {
  invitedAt: string;
  /** The app reported from the invitee's device: an install attributed to the invite link, or an app event. */
  installedAt: string | null;
  /** The SDK's `register` event for the invitee. */
  registeredAt: string | null;
  /** The configured task event, after the invite. */
  taskAt: string | null;
}

const STEP_OF: Record<InviteRule, keyof InviteSteps> = {
  download: 'installedAt',
  register: 'registeredAt',
  'complete-task': 'taskAt',
};

/** Whether every configured rule has happened (an empty rule list never qualifies). */
export function stepsDone(rules: readonly InviteRule[], steps: InviteSteps): boolean {
  return rules.length > 0 && rules.every((rule) => steps[STEP_OF[rule]] !== null);
}

/**
 * What the server knew of the invitee before the invite (null: it cannot tell yet, e.g. the
 * device is not known).
 */
export interface NewUserFacts {
  /** The project had seen the invitee's device (any SDK report) before the invite. */
  deviceSeenBefore: boolean | null;
  /** The app had been opened on the device before the invite (an install or open reported). */
  openedBefore: boolean | null;
  /** The invitee's account existed before the invite (registered or played earlier). */
  accountBefore: boolean | null;
}

/** Whether the invitee is a new user by the definition; null while the needed fact is unknown. */
export function isNewUser(definition: NewUserDefinition, facts: NewUserFacts): boolean | null {
  const before =
    definition === 'new-device'
      ? facts.deviceSeenBefore
      : definition === 'first-open'
        ? facts.openedBefore
        : facts.accountBefore;
  return before === null ? null : !before;
}

/** Who is on each side of an invite, as the server knows them. */
export interface InviteParties {
  inviterId: string;
  inviterUserId: string | null;
  /** Devices the inviter is known on (their participant device, SDK devices of their user id). */
  inviterDeviceIds: readonly string[];
  inviteeParticipantId: string | null;
  inviteeUserId: string | null;
  inviteeDeviceId: string | null;
}

/** A self-invite: the invitee is the inviter (same participant, account or device). */
export function isSelfInvite(p: InviteParties): boolean {
  if (p.inviteeParticipantId !== null && p.inviteeParticipantId === p.inviterId) return true;
  if (p.inviteeUserId !== null && p.inviteeUserId === p.inviterUserId) return true;
  return p.inviteeDeviceId !== null && p.inviterDeviceIds.includes(p.inviteeDeviceId);
}

/**
 * An invite loop: the invitee is the inviter's own inviter, directly or further up. `inviterOf`
 * answers who invited a participant in this campaign; the walk stops at a repeat.
 */
export function makesLoop(
  inviteeParticipantId: string | null,
  inviterId: string,
  inviterOf: (participantId: string) => string | undefined,
): boolean {
  if (inviteeParticipantId === null) return false;
  const seen = new Set<string>();
  for (let at: string | undefined = inviterId; at !== undefined && !seen.has(at); at = inviterOf(at)) {
    if (at === inviteeParticipantId) return true;
    seen.add(at);
  }
  return false;
}

/**
 * The refusal of an invite whose steps are done, in the order the report explains them: a
 * self-invite, a loop, a device that already registered another invitee of the campaign, an
 * invitee who is not a new user. Null: the invite qualifies.
 */
export function inviteRefusal(args: {
  parties: InviteParties;
  loop: boolean;
  /** Another invitee (a different account) already registered on this device in the campaign. */
  deviceTaken: boolean;
  newUser: boolean | null;
}): InviteRefusal | null {
  if (isSelfInvite(args.parties)) return 'self';
  if (args.loop) return 'loop';
  if (args.deviceTaken) return 'device';
  if (args.newUser !== true) return 'notNew';
  return null;
}

export interface LadderStep {
  invites: number;
  prizeId: string;
}

/** The ladder steps reached by going from `before` to `after` qualified invites. */
export function ladderReached(ladder: readonly LadderStep[], before: number, after: number): LadderStep[] {
  return ladder.filter((step) => step.invites > before && step.invites <= after);
}

/** Inviter rewards still allowed by the campaign's total (0 = unlimited). */
export function inviterRewardsLeft(total: number, given: number): number {
  return total > 0 ? Math.max(0, total - given) : Number.POSITIVE_INFINITY;
}

/** One inviter's qualified invites in a contest period. */
export interface ContestEntry {
  participantId: string;
  invites: number;
  /** When the last counted invite qualified (reaching the count first ranks first). */
  lastAt: string;
}

export interface Ranked extends ContestEntry {
  rank: number;
}

/**
 * The contest's leaderboard: inviters with at least `minInvites` qualified invites, most first;
 * a tie goes to whoever reached the count first, then by id, so every rank is distinct and the
 * order is stable.
 */
export function rankInviters(entries: readonly ContestEntry[], minInvites: number): Ranked[] {
  return entries
    .filter((e) => e.invites >= Math.max(1, minInvites))
    .sort((a, b) =>
      b.invites !== a.invites
        ? b.invites - a.invites
        : a.lastAt !== b.lastAt
          ? a.lastAt < b.lastAt
            ? -1
            : 1
          : a.participantId < b.participantId
            ? -1
            : 1,
    )
    .map((e, i) => ({ ...e, rank: i + 1 }));
}

export interface RankReward {
  rankFrom: number;
  rankTo: number;
  prizeId: string;
}

/** The prize of a rank (the first range holding it), or null. */
export function rankPrize(rewards: readonly RankReward[], rank: number): string | null {
  return rewards.find((r) => rank >= r.rankFrom && rank <= r.rankTo)?.prizeId ?? null;
}

/** One invite as the fission figures read it. */
export interface FissionInvite {
  inviterId: string;
  inviteeParticipantId: string | null;
  installed: boolean;
  registered: boolean;
  task: boolean;
  qualified: boolean;
  refusal: InviteRefusal | null;
}

export interface FissionFigures {
  invites: number;
  inviters: number;
  /** Longest chain of invites not refused (A invited B who invited C: 2). */
  maxDepth: number;
  /** Invites per inviter: how many inviters sent 1, 2, 3-5, 6-10, more than 10. */
  perInviter: { bucket: '1' | '2' | '3-5' | '6-10' | '11+'; inviters: number }[];
  /** The funnel: invited, installed, registered, task done, qualified. */
  funnel: { step: 'invited' | 'installed' | 'registered' | 'task' | 'qualified'; invites: number }[];
  refused: Record<InviteRefusal, number>;
}

const BUCKETS: { bucket: FissionFigures['perInviter'][number]['bucket']; max: number }[] = [
  { bucket: '1', max: 1 },
  { bucket: '2', max: 2 },
  { bucket: '3-5', max: 5 },
  { bucket: '6-10', max: 10 },
  { bucket: '11+', max: Number.POSITIVE_INFINITY },
];

/** The report's fission figures from the campaign's invites. */
export function fissionFigures(invites: readonly FissionInvite[]): FissionFigures {
  const perInviter = new Map<string, number>();
  const inviterOf = new Map<string, string>();
  for (const invite of invites) {
    perInviter.set(invite.inviterId, (perInviter.get(invite.inviterId) ?? 0) + 1);
    // A refused invite (self, loop, ...) is no edge of the tree.
    if (invite.refusal === null && invite.inviteeParticipantId && !inviterOf.has(invite.inviteeParticipantId))
      inviterOf.set(invite.inviteeParticipantId, invite.inviterId);
  }
  // Depth of a participant's chain upwards, memoised; a loop (refused, but recorded) stops it.
  const depth = new Map<string, number>();
  const depthOf = (start: string): number => {
    const path: string[] = [];
    const onPath = new Set<string>();
    let at: string | undefined = start;
    while (at !== undefined && !depth.has(at) && !onPath.has(at)) {
      path.push(at);
      onPath.add(at);
      at = inviterOf.get(at);
    }
    let base = at !== undefined && depth.has(at) ? (depth.get(at) as number) : 0;
    for (let i = path.length - 1; i >= 0; i--) {
      base = inviterOf.has(path[i]) ? base + 1 : 0;
      depth.set(path[i], base);
    }
    return depth.get(start) as number;
  };
  let maxDepth = 0;
  for (const invite of invites) {
    // An invite adds one level to its inviter's own chain.
    if (invite.refusal === null) maxDepth = Math.max(maxDepth, depthOf(invite.inviterId) + 1);
  }
  const counts = [...perInviter.values()];
  const refused: Record<InviteRefusal, number> = { self: 0, loop: 0, device: 0, notNew: 0 };
  for (const invite of invites) if (invite.refusal) refused[invite.refusal] += 1;
  return {
    invites: invites.length,
    inviters: perInviter.size,
    maxDepth,
    perInviter: BUCKETS.map(({ bucket, max }, i) => ({
      bucket,
      inviters: counts.filter((n) => n <= max && n > (i === 0 ? 0 : BUCKETS[i - 1].max)).length,
    })),
    funnel: [
      { step: 'invited', invites: invites.length },
      { step: 'installed', invites: invites.filter((i) => i.installed).length },
      { step: 'registered', invites: invites.filter((i) => i.registered).length },
      { step: 'task', invites: invites.filter((i) => i.task).length },
      { step: 'qualified', invites: invites.filter((i) => i.qualified).length },
    ],
    refused,
  };
}
