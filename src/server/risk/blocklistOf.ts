import type { Kysely } from 'kysely';
import type { BlockKind } from '../../engine/risk/checkBlockValue';
import { compileBlocklist, type Blocklist } from '../../engine/risk/compileBlocklist';
import type { Database } from '../db/tables';

/** The entry a match answers: enough to say why a participant was refused. */
export interface BlockedBy {
  id: string;
  kind: BlockKind;
  value: string;
  note: string | null;
}

// Project -> its compiled blocklist, for 30 s, so participants' sessions and actions do not read
// the list on every call. A change through this server clears the project's entry at once
// (`forgetBlocklist`); other servers sharing the database follow within the TTL.
const TTL_MS = 30_000;
const MAX_PROJECTS = 10_000;
const caches = new WeakMap<
  Kysely<Database>,
  Map<string, { list: Promise<Blocklist<BlockedBy>>; expires: number }>
>();

async function loadBlocklist(db: Kysely<Database>, projectId: string): Promise<Blocklist<BlockedBy>> {
  const rows = await db
    .selectFrom('risk_blocklist')
    .select(['id', 'kind', 'value', 'note'])
    .where('project_id', '=', projectId)
    .execute();
  return compileBlocklist(rows);
}

/**
 * The project's blocklist, compiled (`blocks({ userId, deviceId, ip })` answers the entry that
 * refuses a participant, or null). Cached per project for 30 s; concurrent callers of a project
 * share one read. Pass the app's database (`app.ctx.db`), not a transaction: the cache is kept
 * per database object.
 */
export function blocklistOf(db: Kysely<Database>, projectId: string): Promise<Blocklist<BlockedBy>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(projectId);
  if (hit && hit.expires > now) return hit.list;
  if (cache.size >= MAX_PROJECTS) cache.clear();
  const list = loadBlocklist(db, projectId);
  const entry = { list, expires: now + TTL_MS };
  cache.set(projectId, entry);
  // A failed read is not kept: the next caller reads again.
  list.catch(() => {
    if (cache.get(projectId) === entry) cache.delete(projectId);
  });
  return list;
}

/** Drops the project's cached blocklist on this server (after its entries changed). */
export function forgetBlocklist(db: Kysely<Database>, projectId: string): void {
  caches.get(db)?.delete(projectId);
}
