import type { Kysely } from 'kysely';
import { AppError } from '../errors';
import { randomId } from '../db/randomId';
import type { Database } from '../db/tables';
import { templateHasDestination, type FallbackAddresses } from '../../engine/rules/linkDestinations';
import { redirectFallbacks } from '../redirect/loadResolvedLink';
import { containsText, newestPage } from './listQuery';
import type { LinkTemplateRow } from './linkTables';

type Db = Kysely<Database>;
type TemplateBody = Record<string, unknown>;

/** A template as the console shows it: its config, how many links use it, whether it leads anywhere. */
export function templateView(row: LinkTemplateRow, linkCount: number, fallbacks: FallbackAddresses) {
  const config = JSON.parse(row.config) as unknown;
  return {
    id: row.id,
    name: row.name,
    config,
    linkCount,
    hasDestination: templateHasDestination(config, fallbacks),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** How many links use each template. */
async function linkCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('links')
    .select(['template_id', (eb) => eb.fn.countAll().as('n')])
    .where('template_id', 'in', ids)
    .groupBy('template_id')
    .execute();
  return new Map(rows.map((r) => [r.template_id, Number(r.n)]));
}

const nameOf = (body: TemplateBody): string => (typeof body.name === 'string' ? body.name.trim() : '');

/** A template of the project; another project's (or no such) id answers 404. */
export async function findTemplate(db: Db, projectId: string, id: string): Promise<LinkTemplateRow> {
  const row = await db
    .selectFrom('link_templates')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** One page of the project's templates, newest first, with their link counts. */
export async function listTemplates(
  db: Db,
  projectId: string,
  q: { page?: number; pageSize?: number; q?: string },
) {
  let query = db.selectFrom('link_templates').where('project_id', '=', projectId);
  if (q.q?.trim()) query = query.where(containsText('name', q.q));
  const { rows, total } = await newestPage(query, q);
  const [counts, fallbacks] = await Promise.all([
    linkCounts(
      db,
      rows.map((r) => r.id),
    ),
    redirectFallbacks(db, projectId),
  ]);
  return { items: rows.map((r) => templateView(r, counts.get(r.id) ?? 0, fallbacks)), total };
}

/** A template's view with its current link count. */
export async function templateAnswer(db: Db, row: LinkTemplateRow) {
  const [counts, fallbacks] = await Promise.all([
    linkCounts(db, [row.id]),
    redirectFallbacks(db, row.project_id),
  ]);
  return templateView(row, counts.get(row.id) ?? 0, fallbacks);
}

/** Stores a new (validated) template; its name is the config's, trimmed. */
export async function createTemplate(
  db: Db,
  projectId: string,
  userId: string,
  body: TemplateBody,
  now: Date,
) {
  const time = now.toISOString();
  const row = {
    id: randomId(),
    project_id: projectId,
    name: nameOf(body),
    config: JSON.stringify(body),
    created_by: userId,
    created_at: time,
    updated_at: time,
  };
  await db.insertInto('link_templates').values(row).execute();
  return templateView(row, 0, await redirectFallbacks(db, projectId));
}

/** Replaces a template's (validated) config; links using it follow at once. */
export async function replaceTemplate(
  db: Db,
  existing: LinkTemplateRow,
  body: TemplateBody,
  now: Date,
): Promise<LinkTemplateRow> {
  const updated = {
    ...existing,
    name: nameOf(body),
    config: JSON.stringify(body),
    updated_at: now.toISOString(),
  };
  await db
    .updateTable('link_templates')
    .set({ name: updated.name, config: updated.config, updated_at: updated.updated_at })
    .where('id', '=', existing.id)
    .execute();
  return updated;
}

/** Deletes a template no link uses (409 `templateInUse`, also when a link took it meanwhile). */
export async function deleteTemplate(db: Db, existing: LinkTemplateRow): Promise<void> {
  if (((await linkCounts(db, [existing.id])).get(existing.id) ?? 0) > 0) throw new AppError('templateInUse');
  try {
    await db.deleteFrom('link_templates').where('id', '=', existing.id).execute();
  } catch (error) {
    // A link created meanwhile holds the template (foreign key).
    if (await db.selectFrom('links').select('id').where('template_id', '=', existing.id).executeTakeFirst())
      throw new AppError('templateInUse');
    throw error;
  }
}
