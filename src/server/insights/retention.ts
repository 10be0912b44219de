import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { dateOf } from '../sdk/dayNumber';

export interface RetentionCohort {
  /** The first-seen day (local day of the project's zone) of the cohort's devices. */
  date: string;
  size: number;
  /** Devices of the cohort active on day N (index N = 0..days); null where day N is still ahead. */
  retained: (number | null)[];
  /** retained / size, 4 decimals; null where not yet known. */
  rates: (number | null)[];
}

/**
 * Day-N retention of the first-seen cohorts `from..to` (day numbers), N = 0..days, from the
 * device-day rollup (each row knows its device's cohort), read through the (project, cohort, day)
 * index. `today` bounds the days that can be known.
 */
export async function retention(
  db: Kysely<Database>,
  projectId: string,
  from: number,
  to: number,
  days: number,
  today: number,
): Promise<RetentionCohort[]> {
  const rows = await db
    .selectFrom('sdk_device_days')
    .select(['cohort_day', 'day', (eb) => eb.fn.countAll().as('n')])
    .where('project_id', '=', projectId)
    .where('cohort_day', '>=', from)
    .where('cohort_day', '<=', to)
    .where('day', '<=', to + days)
    .groupBy(['cohort_day', 'day'])
    .execute();
  const byCohort = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const cohort = Number(r.cohort_day);
    const n = Number(r.day) - cohort;
    if (n < 0 || n > days) continue;
    let m = byCohort.get(cohort);
    if (!m) byCohort.set(cohort, (m = new Map()));
    m.set(n, Number(r.n));
  }
  const out: RetentionCohort[] = [];
  for (let cohort = from; cohort <= to; cohort += 1) {
    const counts = byCohort.get(cohort) ?? new Map<number, number>();
    const size = counts.get(0) ?? 0;
    const retained: (number | null)[] = [];
    const rates: (number | null)[] = [];
    for (let n = 0; n <= days; n += 1) {
      const known = cohort + n <= today;
      const value = known ? (counts.get(n) ?? 0) : null;
      retained.push(value);
      rates.push(value === null ? null : size === 0 ? 0 : Math.round((value / size) * 10_000) / 10_000);
    }
    out.push({ date: dateOf(cohort), size, retained, rates });
  }
  return out;
}
