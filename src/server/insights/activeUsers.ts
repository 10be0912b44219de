import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { dateOf } from '../sdk/dayNumber';

export interface ActivePoint {
  date: string;
  dau: number;
  wau: number;
  mau: number;
}

const WEEK = 7;
const MONTH = 30;

/**
 * DAU, WAU (7 days ending that day) and MAU (30 days) for each day `from..to` (local day numbers),
 * from the `sdk_active_gaps` counters: a device-day counts towards the window ending on day d
 * when it lies in the window and the device's previous active day does not, so each device counts
 * once per window. The database returns at most (days + 29) x 32 rows.
 */
export async function activeUsers(
  db: Kysely<Database>,
  projectId: string,
  from: number,
  to: number,
): Promise<ActivePoint[]> {
  const rows = await db
    .selectFrom('sdk_active_gaps')
    .select(['day', 'gap', (eb) => eb.fn.sum<number>('devices').as('n')])
    .where('project_id', '=', projectId)
    .where('day', '>=', from - MONTH + 1)
    .where('day', '<=', to)
    .groupBy(['day', 'gap'])
    .execute();
  const length = to - from + 1;
  const daily = new Float64Array(length);
  const week = new Float64Array(length + 1);
  const month = new Float64Array(length + 1);
  // Difference arrays over the reported days: +n where a device-day starts counting, -n after.
  const add = (diff: Float64Array, start: number, end: number, n: number) => {
    const a = Math.max(start, from) - from;
    const b = Math.min(end, to) - from;
    if (a > b) return;
    diff[a] += n;
    diff[b + 1] -= n;
  };
  for (const row of rows) {
    const day = Number(row.day);
    const gap = Number(row.gap);
    const n = Number(row.n);
    if (day >= from) daily[day - from] += n;
    // Counted from the first window end that no longer holds the previous active day.
    add(week, day + (gap > 0 && gap < WEEK ? WEEK - gap : 0), day + WEEK - 1, n);
    add(month, day + (gap > 0 && gap < MONTH ? MONTH - gap : 0), day + MONTH - 1, n);
  }
  const out: ActivePoint[] = [];
  let w = 0;
  let m = 0;
  for (let i = 0; i < length; i += 1) {
    w += week[i];
    m += month[i];
    out.push({ date: dateOf(from + i), dau: daily[i], wau: w, mau: m });
  }
  return out;
}
