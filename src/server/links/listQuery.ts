import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import { Type } from 'typebox';

/** `page` (1-based) and `pageSize` (at most 100) of every list. */
export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/** LIMIT and OFFSET of a page. */
export function pageWindow(query: { page?: number; pageSize?: number }): { limit: number; offset: number } {
  const limit = query.pageSize ?? 20;
  return { limit, offset: ((query.page ?? 1) - 1) * limit };
}

/**
 * `column` contains `text`, case-insensitive, with `%` and `_` in the text taken literally (the
 * same on SQLite and PostgreSQL).
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * One page of a filtered table, newest first by `timeColumn` (ties by id), with the size of the
 * whole list: what every `{ items, total }` list answers.
 */
export async function newestPage<DB, TB extends keyof DB & string>(
  query: SelectQueryBuilder<DB, TB, object>,
  page: { page?: number; pageSize?: number },
  timeColumn = 'created_at',
): Promise<{ rows: Selectable<DB[TB]>[]; total: number }> {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql.ref(timeColumn), 'desc')
      .orderBy(sql.ref('id'))
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  // selectAll() of one table is its Selectable row; Kysely cannot show it for a generic table.
  return { rows: rows as unknown as Selectable<DB[TB]>[], total: Number((total as { n: unknown }).n) };
}
