import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../errors';
import { randomId } from '../db/randomId';
import type { Database } from '../db/tables';
import type { OverviewRow } from '../sdk/sdkTables';
import type { OverviewInput, OverviewView } from './overviewSchemas';

/** A stored dashboard as the console reads it. */
function overviewView(row: OverviewRow): OverviewView {
  const config = JSON.parse(row.config) as {
    widgets: OverviewInput['widgets'];
    filters: NonNullable<OverviewInput['filters']>;
  };
  return {
    id: row.id,
    name: row.name,
    isDefault: Number(row.is_default) === 1,
    widgets: config.widgets,
    filters: config.filters,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The stored config of a dashboard: widgets without an id get `w<position>`, filters default to none. */
const overviewConfig = (input: OverviewInput) =>
  JSON.stringify({
    widgets: input.widgets.map((w, i) => ({ ...w, id: w.id ?? `w${i + 1}` })),
    filters: input.filters ?? {},
  });

/** One dashboard of the project, or 404. */
async function findOverview(db: Kysely<Database>, projectId: string, id: string) {
  const row = await db
    .selectFrom('overviews')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** Takes the default mark off the project's current default dashboard. */
async function clearDefault(trx: Transaction<Database>, projectId: string) {
  await trx
    .updateTable('overviews')
    .set({ is_default: 0 })
    .where('project_id', '=', projectId)
    .where('is_default', '=', 1)
    .execute();
}

/** The project's dashboards, the default first, then oldest first. */
export async function listOverviews(db: Kysely<Database>, projectId: string): Promise<OverviewView[]> {
  const rows = await db
    .selectFrom('overviews')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(overviewView);
}

/** Creates a dashboard; it becomes the default when asked to or when the project has none. */
export async function createOverview(
  db: Kysely<Database>,
  projectId: string,
  createdBy: string | null,
  input: OverviewInput,
  now: Date,
): Promise<OverviewView> {
  const time = now.toISOString();
  const id = randomId();
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('overviews')
      .select('id')
      .where('project_id', '=', projectId)
      .where('is_default', '=', 1)
      .executeTakeFirst();
    const makeDefault = input.isDefault === true || !existing;
    if (makeDefault) await clearDefault(trx, projectId);
    await trx
      .insertInto('overviews')
      .values({
        id,
        project_id: projectId,
        name: input.name.trim(),
        is_default: makeDefault ? 1 : 0,
        config: overviewConfig(input),
        created_by: createdBy,
        created_at: time,
        updated_at: time,
      })
      .execute();
  });
  return overviewView(await findOverview(db, projectId, id));
}

/**
 * Saves a dashboard. `isDefault: true` makes it the default; `false` on the default is ignored,
 * so one dashboard stays the default.
 */
export async function saveOverview(
  db: Kysely<Database>,
  projectId: string,
  id: string,
  input: OverviewInput,
  now: Date,
): Promise<OverviewView> {
  const row = await findOverview(db, projectId, id);
  await db.transaction().execute(async (trx) => {
    const makeDefault = input.isDefault === true && Number(row.is_default) !== 1;
    if (makeDefault) await clearDefault(trx, projectId);
    await trx
      .updateTable('overviews')
      .set({
        name: input.name.trim(),
        config: overviewConfig(input),
        updated_at: now.toISOString(),
        ...(makeDefault ? { is_default: 1 } : {}),
      })
      .where('project_id', '=', projectId)
      .where('id', '=', row.id)
      .execute();
  });
  return overviewView(await findOverview(db, projectId, row.id));
}

/** Deletes a dashboard; when it was the default, the oldest remaining one becomes the default. */
export async function deleteOverview(db: Kysely<Database>, projectId: string, id: string): Promise<void> {
  const row = await findOverview(db, projectId, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('overviews').where('project_id', '=', projectId).where('id', '=', row.id).execute();
    if (Number(row.is_default) !== 1) return;
    const next = await trx
      .selectFrom('overviews')
      .select('id')
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (next) await trx.updateTable('overviews').set({ is_default: 1 }).where('id', '=', next.id).execute();
  });
}
