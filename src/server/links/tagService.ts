import type { Kysely } from 'kysely';
import { AppError, errorMessage } from '../errors';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import type { Database } from '../db/tables';
import { containsText, newestPage } from './listQuery';

type Db = Kysely<Database>;

const tagTaken = () =>
  new AppError('tagTaken', {
    errors: (lang) => [{ path: '/name', message: errorMessage('tagTaken', lang) }],
  });

/** How many links carry each tag. */
async function linkCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('link_tags')
    .select(['tag_id', (eb) => eb.fn.countAll().as('n')])
    .where('tag_id', 'in', ids)
    .groupBy('tag_id')
    .execute();
  return new Map(rows.map((r) => [r.tag_id, Number(r.n)]));
}

/** 409 `tagTaken` when another tag of the project has the name. */
async function assertFree(db: Db, projectId: string, name: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom('tags').select('id').where('project_id', '=', projectId).where('name', '=', name);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw tagTaken();
}

/** Runs a write; a unique violation (the name taken meanwhile) answers 409 `tagTaken`. */
async function guardName(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw tagTaken();
    throw error;
  }
}

/** A tag of the project; another project's (or no such) id answers 404. */
export async function findTag(db: Db, projectId: string, id: string) {
  const row = await db
    .selectFrom('tags')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** One page of the project's tags, newest first, with their link counts. */
export async function listTags(
  db: Db,
  projectId: string,
  q: { page?: number; pageSize?: number; q?: string },
) {
  let query = db.selectFrom('tags').where('project_id', '=', projectId);
  if (q.q?.trim()) query = query.where(containsText('name', q.q));
  const { rows, total } = await newestPage(query, q);
  const counts = await linkCounts(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      linkCount: counts.get(r.id) ?? 0,
      createdAt: r.created_at,
    })),
    total,
  };
}

/** Creates a tag; names are trimmed and unique in the project. */
export async function createTag(db: Db, projectId: string, name: string, now: Date) {
  const trimmed = name.trim();
  await assertFree(db, projectId, trimmed);
  const row = { id: randomId(), project_id: projectId, name: trimmed, created_at: now.toISOString() };
  await guardName(() => db.insertInto('tags').values(row).execute());
  return { id: row.id, name: trimmed, linkCount: 0, createdAt: row.created_at };
}

/** Renames a tag (its links follow); names stay unique in the project. */
export async function renameTag(db: Db, projectId: string, id: string, name: string) {
  const existing = await findTag(db, projectId, id);
  const trimmed = name.trim();
  await assertFree(db, projectId, trimmed, existing.id);
  await guardName(() =>
    db.updateTable('tags').set({ name: trimmed }).where('id', '=', existing.id).execute(),
  );
  const counts = await linkCounts(db, [existing.id]);
  return {
    id: existing.id,
    name: trimmed,
    linkCount: counts.get(existing.id) ?? 0,
    createdAt: existing.created_at,
  };
}

/** Deletes a tag; it is removed from its links. */
export async function deleteTag(db: Db, projectId: string, id: string): Promise<void> {
  const existing = await findTag(db, projectId, id);
  await db.deleteFrom('tags').where('id', '=', existing.id).execute();
}
