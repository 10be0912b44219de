import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { fissionFigures, type FissionFigures, type InviteRefusal } from '../../../engine/play/invite';
import './inviteTables';

/** A referral's report section: the fission figures and the inviters ranked by counted invites. */
export interface InviteReport extends FissionFigures {
  qualified: number;
  /** Counted invites that gave nothing because the budget was spent. */
  overBudget: number;
  top: {
    rank: number;
    participantCode: string;
    userId: string | null;
    invited: number;
    installed: number;
    registered: number;
    qualified: number;
    refused: number;
    rewards: number;
  }[];
}

const TOP = 20;

/** Reads the campaign's invites once (one row per invitee) and counts what the report shows. */
export async function inviteReport(db: Kysely<Database>, campaignId: string): Promise<InviteReport> {
  const rows = await db
    .selectFrom('play_invites')
    .select([
      'inviter_id',
      'invitee_participant_id',
      'installed_at',
      'registered_at',
      'task_at',
      'status',
      'refusal',
      'rewards',
      'over_budget',
    ])
    .where('campaign_id', '=', campaignId)
    .execute();
  const figures = fissionFigures(
    rows.map((r) => ({
      inviterId: r.inviter_id,
      inviteeParticipantId: r.invitee_participant_id,
      installed: r.installed_at !== null,
      registered: r.registered_at !== null,
      task: r.task_at !== null,
      qualified: r.status === 'qualified',
      refusal: r.status === 'refused' ? ((r.refusal ?? 'notNew') as InviteRefusal) : null,
    })),
  );
  const by = new Map<string, Omit<InviteReport['top'][number], 'rank' | 'participantCode' | 'userId'>>();
  for (const r of rows) {
    const count = by.get(r.inviter_id) ?? {
      invited: 0,
      installed: 0,
      registered: 0,
      qualified: 0,
      refused: 0,
      rewards: 0,
    };
    count.invited += 1;
    if (r.installed_at !== null) count.installed += 1;
    if (r.registered_at !== null) count.registered += 1;
    if (r.status === 'qualified') count.qualified += 1;
    if (r.status === 'refused') count.refused += 1;
    count.rewards += r.rewards;
    by.set(r.inviter_id, count);
  }
  const top = [...by.entries()]
    .sort(([a, x], [b, y]) => y.qualified - x.qualified || y.invited - x.invited || (a < b ? -1 : 1))
    .slice(0, TOP);
  const people = top.length
    ? await db
        .selectFrom('participants')
        .select(['id', 'code', 'user_id'])
        .where(
          'id',
          'in',
          top.map(([id]) => id),
        )
        .execute()
    : [];
  const person = new Map(people.map((p) => [p.id, p]));
  return {
    ...figures,
    qualified: rows.filter((r) => r.status === 'qualified').length,
    overBudget: rows.filter((r) => r.over_budget === 1).length,
    top: top.map(([id, count], i) => ({
      rank: i + 1,
      participantCode: person.get(id)?.code ?? '',
      userId: person.get(id)?.user_id ?? null,
      ...count,
    })),
  };
}
