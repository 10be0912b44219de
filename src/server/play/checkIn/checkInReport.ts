import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import { checkInRulesOf } from '../../../engine/play/checkIn';
import './checkInTables';

type Config = Record<string, unknown>;

/** The streak buckets of the report, in order (a streak is at least 1). */
export const STREAK_BUCKETS = ['1', '2', '3', '4-6', '7-13', '14-29', '30+'] as const;

/**
 * A daily sign-in's report section, read from `play_checkins` (one row per participant and the
 * local day it counts for; a make-up counts on the day it filled).
 */
export interface CheckInReport {
  cycleDays: number;
  /** Check-ins in all, on time and make-ups. */
  checkIns: number;
  onTime: number;
  makeUps: number;
  /** Participants who checked in at least once. */
  participants: number;
  /** Per local day (the day a check-in counts for), oldest first; days without check-ins left out. */
  days: { date: string; checkIns: number; onTime: number; makeUps: number }[];
  /**
   * Participants per streak bucket: `current` by the streak of their last check-in (whether or
   * not it has lapsed since), `longest` by the longest streak they reached.
   */
  streaks: { bucket: (typeof STREAK_BUCKETS)[number]; current: number; longest: number }[];
  /** Per cycle day (1..cycleDays): check-ins that filled it and that day's prize, if any. */
  cycle: { day: number; prizeId: string | null; checkIns: number }[];
}

const num = (value: unknown) => Number(value ?? 0);

/** The index in STREAK_BUCKETS of a streak column, in SQL (both databases). */
const bucketOf = (column: string) => {
  const ref = sql.ref(column);
  return sql<number>`case when ${ref} >= 30 then 6 when ${ref} >= 14 then 5 when ${ref} >= 7 then 4 when ${ref} >= 4 then 3 when ${ref} >= 3 then 2 when ${ref} >= 2 then 1 else 0 end`;
};

export async function checkInReport(
  db: Kysely<Database>,
  campaignId: string,
  config: Config,
): Promise<CheckInReport> {
  const rules = checkInRulesOf(config);
  const totals = await db
    .selectFrom('play_checkins')
    .select((eb) => [
      eb.fn.countAll<number>().as('checkIns'),
      eb.fn.sum<number>('make_up').as('makeUps'),
      sql<number>`count(distinct participant_id)`.as('participants'),
    ])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirstOrThrow();
  const days = await db
    .selectFrom('play_checkins')
    .select((eb) => ['day', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('make_up').as('makeUps')])
    .where('campaign_id', '=', campaignId)
    .groupBy('day')
    .orderBy('day')
    .execute();
  const positions = await db
    .selectFrom('play_checkins')
    .select((eb) => ['position', eb.fn.countAll<number>().as('n')])
    .where('campaign_id', '=', campaignId)
    .groupBy('position')
    .execute();
  // Per participant: the streak of the last check-in and the longest one, bucketed in the query,
  // so only up to 7 x 7 rows come back however many took part.
  const perParticipant = db
    .selectFrom('play_checkins')
    .select((eb) => ['participant_id', eb.fn.max('day').as('last_day'), eb.fn.max('streak').as('longest')])
    .where('campaign_id', '=', campaignId)
    .groupBy('participant_id')
    .as('m');
  const buckets = await db
    .selectFrom(
      db
        .selectFrom('play_checkins as c')
        .innerJoin(perParticipant, (join) =>
          join.onRef('m.participant_id', '=', 'c.participant_id').onRef('m.last_day', '=', 'c.day'),
        )
        .select([bucketOf('c.streak').as('current_bucket'), bucketOf('m.longest').as('longest_bucket')])
        .where('c.campaign_id', '=', campaignId)
        .as('b'),
    )
    .select((eb) => ['current_bucket', 'longest_bucket', eb.fn.countAll<number>().as('n')])
    .groupBy(['current_bucket', 'longest_bucket'])
    .execute();
  const streaks = STREAK_BUCKETS.map((bucket) => ({ bucket, current: 0, longest: 0 }));
  for (const row of buckets) {
    streaks[num(row.current_bucket)].current += num(row.n);
    streaks[num(row.longest_bucket)].longest += num(row.n);
  }
  const checkIns = num(totals.checkIns);
  const makeUps = num(totals.makeUps);
  return {
    cycleDays: rules.cycleDays,
    checkIns,
    onTime: checkIns - makeUps,
    makeUps,
    participants: num(totals.participants),
    days: days.map((d) => ({
      date: d.day,
      checkIns: num(d.n),
      onTime: num(d.n) - num(d.makeUps),
      makeUps: num(d.makeUps),
    })),
    streaks,
    cycle: Array.from({ length: rules.cycleDays }, (_, i) => ({
      day: i + 1,
      prizeId: rules.daily.get(i + 1) ?? null,
      checkIns: num(positions.find((p) => num(p.position) === i + 1)?.n),
    })),
  };
}
