import { sql, type Kysely } from 'kysely';
import { localDate } from '../../../engine/rules/timeZone';
import type { Database } from '../../db/tables';
import type { DateRange } from '../../links/dateRange';

export interface CashOverview {
  /** The ledger's sum over every participant. */
  balanceMicros: number;
  /** Waiting now (whatever the range). */
  pending: { count: number; micros: number };
  /** Reviewed within the range. */
  approved: { count: number; micros: number };
  rejected: { count: number; micros: number };
  /** Per local day: offer credits net of reversals, and approved withdrawals (by review time). */
  series: { date: string; creditedMicros: number; withdrawnMicros: number }[];
}

const n = (value: unknown) => Number(value ?? 0);
// Times are grouped by the minute (ISO text), then each minute put on its local day: exact in
// every zone, including those off whole hours.
const minuteOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 16)`;

/**
 * The offerwall's cash overview over a range of local days (the project's zone): the balance
 * held, withdrawals pending (now), approved and rejected (reviewed in the range), and per day
 * the credits (net of reversals) and the withdrawals approved.
 */
export async function cashOverview(
  db: Kysely<Database>,
  projectId: string,
  range: DateRange,
): Promise<CashOverview> {
  const reviewed = (status: 'approved' | 'rejected') =>
    db
      .selectFrom('withdrawals')
      .where('project_id', '=', projectId)
      .where('status', '=', status)
      .where('reviewed_at', '>=', range.startIso)
      .where('reviewed_at', '<', range.endIso);
  const [balance, pending, approved, rejected, credited, withdrawn] = await Promise.all([
    db
      .selectFrom('offerwall_ledger')
      .where('project_id', '=', projectId)
      .select((eb) => eb.fn.sum('amount_micros').as('micros'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('withdrawals')
      .where('project_id', '=', projectId)
      .where('status', '=', 'pending')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum('amount_micros').as('micros')])
      .executeTakeFirstOrThrow(),
    reviewed('approved')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum('amount_micros').as('micros')])
      .executeTakeFirstOrThrow(),
    reviewed('rejected')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum('amount_micros').as('micros')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('offerwall_ledger')
      .where('project_id', '=', projectId)
      .where('kind', 'in', ['credit', 'reversal'])
      .where('created_at', '>=', range.startIso)
      .where('created_at', '<', range.endIso)
      .select((eb) => [minuteOf('created_at').as('minute'), eb.fn.sum('amount_micros').as('micros')])
      .groupBy(minuteOf('created_at'))
      .execute(),
    reviewed('approved')
      .select((eb) => [minuteOf('reviewed_at').as('minute'), eb.fn.sum('amount_micros').as('micros')])
      .groupBy(minuteOf('reviewed_at'))
      .execute(),
  ]);

  const days = new Map<string, { creditedMicros: number; withdrawnMicros: number }>();
  const start = new Date(`${range.from}T00:00:00Z`);
  for (let i = 0; i < range.days; i += 1) {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    days.set(day, { creditedMicros: 0, withdrawnMicros: 0 });
  }
  const dayOf = (minute: string) => days.get(localDate(Date.parse(`${minute}:00.000Z`), range.tz));
  for (const row of credited) {
    const day = dayOf(row.minute);
    if (day) day.creditedMicros += n(row.micros);
  }
  for (const row of withdrawn) {
    const day = dayOf(row.minute);
    if (day) day.withdrawnMicros += n(row.micros);
  }
  return {
    balanceMicros: n(balance.micros),
    pending: { count: n(pending.count), micros: n(pending.micros) },
    approved: { count: n(approved.count), micros: n(approved.micros) },
    rejected: { count: n(rejected.count), micros: n(rejected.micros) },
    series: [...days].map(([date, figures]) => ({ date, ...figures })),
  };
}
