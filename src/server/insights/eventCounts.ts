import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { dateOf } from '../sdk/dayNumber';
import { OTHER, topGroups } from './topGroups';

export type EventGroupBy = 'name' | 'platform';

/**
 * Events per local day from the daily counts rollup, grouped by event name or platform: the top 8
 * groups (by total) keep their own series, the rest are summed into "other".
 */
export async function eventCounts(
  db: Kysely<Database>,
  projectId: string,
  from: number,
  to: number,
  options: { groupBy: EventGroupBy; names?: string[]; platforms?: string[] },
) {
  let query = db
    .selectFrom('sdk_event_counts')
    .select([
      'day',
      options.groupBy === 'name' ? 'name as g' : 'platform as g',
      (eb) => eb.fn.sum<number>('events').as('n'),
    ])
    .where('project_id', '=', projectId)
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (options.names?.length) query = query.where('name', 'in', options.names);
  if (options.platforms?.length) query = query.where('platform', 'in', options.platforms);
  const rows = await query.groupBy(['day', options.groupBy === 'name' ? 'name' : 'platform']).execute();
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.g, (totals.get(r.g) ?? 0) + Number(r.n));
  const top = topGroups([...totals].map(([key, value]) => ({ key, value })));
  const kept = new Set(top.map((t) => t.key));
  const series = new Map<string, number>();
  for (const r of rows) {
    const key = kept.has(r.g) ? r.g : OTHER;
    const id = `${Number(r.day)}\u0000${key}`;
    series.set(id, (series.get(id) ?? 0) + Number(r.n));
  }
  const points: { date: string; key: string; count: number }[] = [];
  for (let day = from; day <= to; day += 1) {
    for (const t of top)
      points.push({ date: dateOf(day), key: t.key, count: series.get(`${day}\u0000${t.key}`) ?? 0 });
  }
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  return { total, groups: top.map((t) => ({ key: t.key, count: t.value })), series: points };
}

/** Headline figures of a range: active devices, new devices, events. */
export async function summary(db: Kysely<Database>, projectId: string, from: number, to: number) {
  const [active, fresh, events] = await Promise.all([
    db
      .selectFrom('sdk_device_days')
      .select((eb) => eb.fn.count<number>('device_id').distinct().as('n'))
      .where('project_id', '=', projectId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sdk_device_days')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('cohort_day', '>=', from)
      .where('cohort_day', '<=', to)
      .whereRef('day', '=', 'cohort_day')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sdk_event_counts')
      .select((eb) => eb.fn.sum<number>('events').as('n'))
      .where('project_id', '=', projectId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow(),
  ]);
  return { activeDevices: Number(active.n), newDevices: Number(fresh.n), events: Number(events.n ?? 0) };
}
