// What a participant sees of a referral (`me.progress.invite`): their invite link (through the
// campaign's deep link when it names one, so the invitee's install is attributed), their invites
// by state, the ladder and who invited them.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { linkBaseUrl } from '../../links/linkBaseUrl';
import type { PlayCampaign } from '../playCampaign';
import type { ParticipantRow } from '../playTables';
import { inviteConfigOf } from './inviteTrack';
import './inviteTables';

export interface InviteAddress {
  publicUrl: string;
  linkHost: string;
}

export interface InviteProgress {
  code: string | null;
  /** The participant's invite link; null without a participant. */
  link: string | null;
  /** Whether the link goes through the project's deep link (installs attributed). */
  viaDeepLink: boolean;
  rules: string[];
  invited: number;
  pending: number;
  qualified: number;
  refused: number;
  ladder: { invites: number; prizeId: string; reached: boolean }[];
  perInvitePrizeId: string | null;
  newUserPrizeId: string | null;
  /** Inviter rewards left in the campaign; null = unlimited. */
  rewardsLeft: number | null;
  /** The latest invites, invitee masked. */
  recent: { invitee: string; status: string; refusal: string | null; at: string }[];
}

/** `ab***yz`: enough to recognise a friend, not enough to find them. */
export function maskId(id: string): string {
  if (id.length <= 4) return `${id.slice(0, 1)}***`;
  return `${id.slice(0, 2)}***${id.slice(-2)}`;
}

/** The invite link of a participant code. */
export async function inviteLink(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  code: string,
  address: InviteAddress,
): Promise<{ link: string; viaDeepLink: boolean }> {
  const { linkId } = inviteConfigOf(campaign.config);
  const query = new URLSearchParams({ inviter: code, campaign: campaign.row.id });
  if (linkId) {
    const row = await db
      .selectFrom('links')
      .innerJoin('projects', 'projects.id', 'links.project_id')
      .select(['links.link_id', 'projects.domain_prefix'])
      .where('links.project_id', '=', campaign.row.project_id)
      .where('links.id', '=', linkId)
      .executeTakeFirst();
    if (row)
      return {
        link: `${linkBaseUrl(address.publicUrl, address.linkHost, row.domain_prefix)}/${row.link_id}?${query}`,
        viaDeepLink: true,
      };
  }
  return {
    link: `${address.publicUrl.replace(/\/$/, '')}/p/${encodeURIComponent(campaign.row.id)}?inviter=${encodeURIComponent(code)}`,
    viaDeepLink: false,
  };
}

export async function inviteProgress(
  db: Kysely<Database>,
  campaign: PlayCampaign,
  participant: ParticipantRow | undefined,
  address: InviteAddress,
): Promise<{ invite: InviteProgress }> {
  const config = inviteConfigOf(campaign.config);
  const totals = await db
    .selectFrom('play_invite_totals')
    .select('inviter_rewards')
    .where('campaign_id', '=', campaign.row.id)
    .executeTakeFirst();
  const rewardsLeft =
    config.totalInviterRewards > 0
      ? Math.max(0, config.totalInviterRewards - (totals?.inviter_rewards ?? 0))
      : null;
  const counts: Record<string, number> = { pending: 0, complete: 0, qualified: 0, refused: 0 };
  let recent: InviteProgress['recent'] = [];
  let link: { link: string | null; viaDeepLink: boolean } = {
    link: null,
    viaDeepLink: config.linkId !== null,
  };
  if (participant) {
    const rows = await db
      .selectFrom('play_invites')
      .select(['status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaign.row.id)
      .where('inviter_id', '=', participant.id)
      .groupBy('status')
      .execute();
    for (const row of rows) counts[row.status] = Number(row.n);
    const latest = await db
      .selectFrom('play_invites')
      .select([
        'invitee_user_id',
        'invitee_device_id',
        'invitee_participant_id',
        'status',
        'refusal',
        'invited_at',
      ])
      .where('campaign_id', '=', campaign.row.id)
      .where('inviter_id', '=', participant.id)
      .orderBy('invited_at', 'desc')
      .limit(10)
      .execute();
    recent = latest.map((r) => ({
      invitee: maskId(r.invitee_user_id ?? r.invitee_device_id ?? r.invitee_participant_id ?? '?'),
      // A complete invite waits for its decision: the page shows it as pending.
      status: r.status === 'complete' ? 'pending' : r.status,
      refusal: r.refusal,
      at: r.invited_at,
    }));
    link = await inviteLink(db, campaign, participant.code, address);
  }
  const qualified = counts.qualified;
  return {
    invite: {
      code: participant?.code ?? null,
      ...link,
      rules: config.rules,
      invited: counts.pending + counts.complete + counts.qualified + counts.refused,
      pending: counts.pending + counts.complete,
      qualified,
      refused: counts.refused,
      ladder: config.ladder.map((s) => ({ ...s, reached: qualified >= s.invites })),
      perInvitePrizeId: config.perInvitePrizeId,
      newUserPrizeId: config.newUserPrizeId,
      rewardsLeft,
      recent,
    },
  };
}
