import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { topGroups } from './topGroups';

export const AUDIENCE_DIMENSIONS = {
  platform: 'platform',
  os: 'os',
  country: 'country',
  appVersion: 'app_version',
  language: 'language',
} as const;
export type AudienceDimension = keyof typeof AUDIENCE_DIMENSIONS;

/** The group of devices that never reported the attribute. */
export const UNKNOWN = '__unknown__';

/**
 * Devices active in `from..to` (day numbers) by one attribute, top 8 + other. A device that
 * changed the attribute within the range (e.g. upgraded the app) counts in each group it was seen
 * in; `total` counts every device once.
 */
export async function audience(
  db: Kysely<Database>,
  projectId: string,
  from: number,
  to: number,
  by: AudienceDimension,
): Promise<{ total: number; items: { key: string; devices: number; share: number }[] }> {
  const column = AUDIENCE_DIMENSIONS[by];
  const [groups, total] = await Promise.all([
    db
      .selectFrom('sdk_device_days')
      .select([
        sql<string | null>`${sql.ref(column)}`.as('g'),
        sql<number>`count(distinct device_id)`.as('n'),
      ])
      .where('project_id', '=', projectId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy(sql.ref(column))
      .execute(),
    db
      .selectFrom('sdk_device_days')
      .select(sql<number>`count(distinct device_id)`.as('n'))
      .where('project_id', '=', projectId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow(),
  ]);
  const all = Number(total.n);
  const items = topGroups(groups.map((g) => ({ key: g.g ?? UNKNOWN, value: Number(g.n) })));
  return {
    total: all,
    items: items.map((i) => ({
      key: i.key,
      devices: i.value,
      share: all === 0 ? 0 : Math.round((i.value / all) * 10_000) / 10_000,
    })),
  };
}
