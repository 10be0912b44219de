import { sql, type RawBuilder } from 'kysely';
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
