import type { Kysely } from 'kysely';
import { AppError, errorMessage } from '../errors';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import type { Database } from '../db/tables';
import { containsText, newestPage } from './listQuery';
import type { EventsTable } from './linkTables';

/** An event definition as the console reads it: its key, name and the whole entity/event config. */
export interface EventDefinitionView {
  id: string;
  key: string;
  name: string;
  config: unknown;
  createdAt: string;
  updatedAt: string;
}

const keyTaken = () =>
  new AppError('eventKeyTaken', {
    errors: (lang) => [{ path: '/key', message: errorMessage('eventKeyTaken', lang) }],
  });

function eventDefinitionView(row: EventsTable): EventDefinitionView {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    config: JSON.parse(row.config) as unknown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** One event definition of the project, or 404. */
async function findEventDefinition(db: Kysely<Database>, projectId: string, id: string) {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** 409 `eventKeyTaken` when another definition of the project has this key. */
async function assertKeyFree(db: Kysely<Database>, projectId: string, key: string, exceptId?: string) {
  let query = db.selectFrom('events').select('id').where('project_id', '=', projectId).where('key', '=', key);
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw keyTaken();
}

/** A page of the project's event definitions, newest first, filtered by `q` in the key or name. */
export async function listEventDefinitions(
  db: Kysely<Database>,
  projectId: string,
  filter: { q?: string; page?: number; pageSize?: number },
): Promise<{ items: EventDefinitionView[]; total: number }> {
  let query = db.selectFrom('events').where('project_id', '=', projectId);
  const q = filter.q?.trim();
  if (q) query = query.where((eb) => eb.or([containsText('key', q), containsText('name', q)]));
  const { rows, total } = await newestPage(query, filter);
  return { items: rows.map(eventDefinitionView), total };
}

/** One event definition of the project (404 if it has none with this id). */
export async function getEventDefinition(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<EventDefinitionView> {
  return eventDefinitionView(await findEventDefinition(db, projectId, id));
}

/** Stores a validated entity/event config as a new definition; its key must be free in the project. */
export async function createEventDefinition(
  db: Kysely<Database>,
  projectId: string,
  config: Record<string, unknown>,
  now: Date,
): Promise<EventDefinitionView> {
  const key = String(config.key);
  await assertKeyFree(db, projectId, key);
  const time = now.toISOString();
  const row = {
    id: randomId(),
    project_id: projectId,
    key,
    name: String(config.name),
    config: JSON.stringify(config),
    created_at: time,
    updated_at: time,
  };
  try {
    await db.insertInto('events').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
  return eventDefinitionView(row);
}

/** Replaces a definition with a validated config; the new key must be free among the others. */
export async function replaceEventDefinition(
  db: Kysely<Database>,
  projectId: string,
  id: string,
  config: Record<string, unknown>,
  now: Date,
): Promise<EventDefinitionView> {
  const existing = await findEventDefinition(db, projectId, id);
  const key = String(config.key);
  await assertKeyFree(db, projectId, key, existing.id);
  const row = {
    ...existing,
    key,
    name: String(config.name),
    config: JSON.stringify(config),
    updated_at: now.toISOString(),
  };
  try {
    await db
      .updateTable('events')
      .set({ key: row.key, name: row.name, config: row.config, updated_at: row.updated_at })
      .where('id', '=', existing.id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw keyTaken();
    throw error;
  }
  return eventDefinitionView(row);
}

/** Deletes a definition (404 if the project has none with this id). */
export async function deleteEventDefinition(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<void> {
  const existing = await findEventDefinition(db, projectId, id);
  await db.deleteFrom('events').where('id', '=', existing.id).execute();
}
