import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { playDay } from '../../../engine/play/playDay';
import './riskTables';

type Db = Kysely<Database> | Transaction<Database>;

/** Why something was refused or ignored: the rule, as the report names it. */
export type RiskRule =
  | 'progressSource'
  | 'blocklist'
  | 'limit.device'
  | 'limit.ip'
  | 'limit.subnet'
  | 'limit.user'
  | 'velocity.participant'
  | 'velocity.address'
  | 'devicesPerUser'
  | 'usersPerDevice';

/** One campaign's refusals of one rule on one local day. */
export interface RefusalCount {
  campaignId: string;
  projectId: string;
  /** The campaign's time zone (the day is its local day). */
  timezone: string;
  rule: RiskRule;
  atMs: number;
  count: number;
}

/** Adds refusals to the campaign's daily counts (one upsert per campaign, day and rule). */
export async function countRefusals(db: Db, counts: readonly RefusalCount[]): Promise<void> {
  const merged = new Map<
    string,
    { campaign_id: string; project_id: string; day: string; rule: string; count: number }
  >();
  for (const c of counts) {
    if (c.count <= 0) continue;
    const day = playDay(c.atMs, c.timezone);
    const key = `${c.campaignId}\u0000${day}\u0000${c.rule}`;
    const row = merged.get(key);
    if (row) row.count += c.count;
    else
      merged.set(key, {
        campaign_id: c.campaignId,
        project_id: c.projectId,
        day,
        rule: c.rule,
        count: c.count,
      });
  }
  // In key order, so two servers' upserts lock rows in one order.
  for (const [, row] of [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    await db
      .insertInto('risk_refusals')
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(['campaign_id', 'day', 'rule'])
          .doUpdateSet({ count: sql`risk_refusals.count + ${row.count}` }),
      )
      .execute();
}

/** One app event a campaign ignored for its source (the SDK, where the server's word is required). */
export function ignoredEvent(
  row: { id: string; project_id: string; timezone?: string | null },
  atMs: number,
): RefusalCount {
  return {
    campaignId: row.id,
    projectId: row.project_id,
    timezone: row.timezone ?? 'GMT+00:00',
    rule: 'progressSource',
    atMs,
    count: 1,
  };
}
