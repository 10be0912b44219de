import { sql, type RawBuilder } from 'kysely';

/**
 * Case-insensitive "contains" on a text column, the same on SQLite and PostgreSQL; the user's
 * `%`, `_` and `\` are matched literally.
 */
export function containsText(column: string, needle: string): RawBuilder<boolean> {
  const escaped = needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}
