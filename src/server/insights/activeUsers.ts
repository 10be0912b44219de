import { sql, type Kysely } from 'kysely';
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
 * DAU, WAU (7 days ending that day) and MAU (30 days) for each UTC day `from..to` (day numbers),
 * from the device-day rollup. Each activity day of a device covers the days up to its next
 * activity day (at most the window), so a device counts once per window without a DISTINCT per
 * day: the database returns at most (days + 29) x 31 groups.
 */
export async function activeUsers(
  db: Kysely<Database>,
  projectId: string,
  from: number,
  to: number,
): Promise<ActivePoint[]> {
  const [daily, spans] = await Promise.all([
    db
      .selectFrom('sdk_device_days')
      .select(['day', (eb) => eb.fn.countAll().as('n')])
      .where('project_id', '=', projectId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('day')
      .execute(),
    sql<{ s: number; g: number; n: number | string }>`
      select s, g, count(*) as n from (
        select day as s,
          case when next_day is null or next_day - day > ${MONTH} then ${MONTH} else next_day - day end as g
        from (
          select day, lead(day) over (partition by device_id order by day) as next_day
          from sdk_device_days
          where project_id = ${projectId} and day >= ${from - MONTH + 1} and day <= ${to}
        ) activity
      ) spans
      group by s, g`.execute(db),
  ]);
  const length = to - from + 1;
  const week = new Float64Array(length + 1);
  const month = new Float64Array(length + 1);
  // Difference arrays over the reported days: +n where a span starts, -n after it ends.
  const add = (diff: Float64Array, start: number, end: number, n: number) => {
    const a = Math.max(start, from) - from;
    const b = Math.min(end, to) - from;
    if (a > b) return;
    diff[a] += n;
    diff[b + 1] -= n;
  };
  for (const row of spans.rows) {
    const s = Number(row.s);
    const g = Number(row.g);
    const n = Number(row.n);
    add(week, s, s + Math.min(g, WEEK) - 1, n);
    add(month, s, s + Math.min(g, MONTH) - 1, n);
  }
  const dau = new Map(daily.map((r) => [Number(r.day), Number(r.n)]));
  const out: ActivePoint[] = [];
  let w = 0;
  let m = 0;
  for (let i = 0; i < length; i += 1) {
    w += week[i];
    m += month[i];
    out.push({ date: dateOf(from + i), dau: dau.get(from + i) ?? 0, wau: w, mau: m });
  }
  return out;
}
