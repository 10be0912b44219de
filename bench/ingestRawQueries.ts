// The baseline of bench:ingest: the same dashboard questions (DAU/WAU/MAU, day-N retention of
// first-seen cohorts) answered from the raw sdk_events table, without the rollups.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/tables';
import type { ActivePoint } from '../src/server/insights/activeUsers';
import type { RetentionCohort } from '../src/server/insights/retention';
import { dateOf } from '../src/server/sdk/dayNumber';
import { localDayStartMs } from '../src/engine/rules/timeZone';

/** The first instant of a local day of the zone, as the stored ISO text. */
const iso = (day: number, zone: string): string => new Date(localDayStartMs(day, zone)).toISOString();

/**
 * DAU/WAU/MAU with the rollup's own algorithm, over (device, day) pairs taken from raw events
 * (`day` = local day of the project's `zone`, whose day starts bound the time range).
 */
export async function rawActiveUsers(
  db: Kysely<Database>,
  projectId: string,
  from: number,
  to: number,
  zone: string,
): Promise<ActivePoint[]> {
  const [daily, spans] = await Promise.all([
    sql<{ day: number; n: number }>`
      select day, count(distinct device_id) as n from sdk_events
      where project_id = ${projectId} and time >= ${iso(from, zone)} and time < ${iso(to + 1, zone)}
      group by day`.execute(db),
    sql<{ s: number; g: number; n: number }>`
      select s, g, count(*) as n from (
        select day as s, case when next_day is null or next_day - day > 30 then 30 else next_day - day end as g
        from (
          select day, lead(day) over (partition by device_id order by day) as next_day
          from (select distinct device_id, day from sdk_events
                where project_id = ${projectId} and time >= ${iso(from - 29, zone)} and time < ${iso(to + 1, zone)}) pairs
        ) activity
      ) spans group by s, g`.execute(db),
  ]);
  const length = to - from + 1;
  const week = new Float64Array(length + 1);
  const month = new Float64Array(length + 1);
  const add = (diff: Float64Array, start: number, end: number, n: number) => {
    const a = Math.max(start, from) - from;
    const b = Math.min(end, to) - from;
    if (a > b) return;
    diff[a] += n;
    diff[b + 1] -= n;
  };
  for (const row of spans.rows) {
    const start = Number(row.s);
    const g = Number(row.g);
    add(week, start, start + Math.min(g, 7) - 1, Number(row.n));
    add(month, start, start + Math.min(g, 30) - 1, Number(row.n));
  }
  const dau = new Map(daily.rows.map((r) => [Number(r.day), Number(r.n)]));
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

export async function rawRetention(
  db: Kysely<Database>,
  projectId: string,
  from: number,
  to: number,
  days: number,
  today: number,
): Promise<RetentionCohort[]> {
  // First-seen day over all of the device's events, then its active days: one sorted pass.
  const rows = await sql<{ cohort: number; n: number; devices: number }>`
    select cohort, day - cohort as n, count(*) as devices from (
      select day, min(day) over (partition by device_id) as cohort
      from (select distinct device_id, day from sdk_events where project_id = ${projectId}) pairs
    ) activity
    where cohort >= ${from} and cohort <= ${to} and day <= cohort + ${days}
    group by cohort, day - cohort`.execute(db);
  const counts = new Map(rows.rows.map((r) => [`${Number(r.cohort)}:${Number(r.n)}`, Number(r.devices)]));
  const out: RetentionCohort[] = [];
  for (let cohort = from; cohort <= to; cohort += 1) {
    const size = counts.get(`${cohort}:0`) ?? 0;
    const retained: (number | null)[] = [];
    const rates: (number | null)[] = [];
    for (let n = 0; n <= days; n += 1) {
      const value = cohort + n <= today ? (counts.get(`${cohort}:${n}`) ?? 0) : null;
      retained.push(value);
      rates.push(value === null ? null : size === 0 ? 0 : Math.round((value / size) * 10_000) / 10_000);
    }
    out.push({ date: dateOf(cohort), size, retained, rates });
  }
  return out;
}
