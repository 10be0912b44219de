import type { Kysely } from 'kysely';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { localIsoTime } from '../../engine/rules/timeZone';
import { AppError, errorMessage, fieldError } from '../errors';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import type { Database } from '../db/tables';
import { toCsv } from '../http/toCsv';
import { freeLinkId } from './linkIds';
import { linkViews, setLinkTags } from './linkViews';
import { safeHttpUrl } from './safeHttpUrl';
import { containsText, pageWindow } from './listQuery';
import { eventCountsByLink } from './linkStats';
import type { LinkRow } from './linkTables';

type Db = Kysely<Database>;
type LinkBody = Record<string, unknown>;

const REDIRECT_KEYS = ['default', 'ios', 'android', 'web'] as const;
/** The most links one export writes. */
const EXPORT_LIMIT = 100_000;

export const linkIdTaken = () =>
  new AppError('linkIdTaken', {
    errors: (lang) => [{ path: '/linkId', message: errorMessage('linkIdTaken', lang) }],
  });

export interface LinkFilters {
  q?: string;
  tag?: string;
  templateId?: string;
  startIso?: string;
  endIso?: string;
}

/** The project's links matching a name or id text, a tag, a template and a creation range. */
export function filteredLinks(db: Db, projectId: string, filters: LinkFilters) {
  let query = db.selectFrom('links').where('links.project_id', '=', projectId);
  const q = filters.q?.trim();
  if (q)
    query = query.where((eb) => eb.or([containsText('links.name', q), containsText('links.link_id', q)]));
  if (filters.templateId) query = query.where('links.template_id', '=', filters.templateId);
  const tag = filters.tag?.trim();
  if (tag) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('link_tags')
          .innerJoin('tags', 'tags.id', 'link_tags.tag_id')
          .select('link_tags.link_id')
          .whereRef('link_tags.link_id', '=', 'links.id')
          .where('tags.name', '=', tag),
      ),
    );
  }
  if (filters.startIso) query = query.where('links.created_at', '>=', filters.startIso);
  if (filters.endIso) query = query.where('links.created_at', '<', filters.endIso);
  return query;
}

/** One page of matching links, newest first, as the console shows them. */
export async function listLinks(
  db: Db,
  projectId: string,
  filters: LinkFilters,
  page: { page?: number; pageSize?: number },
  baseUrl: string,
) {
  const query = filteredLinks(db, projectId, filters);
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([
    query
      .selectAll('links')
      .orderBy('links.created_at', 'desc')
      .orderBy('links.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await linkViews(db, rows, baseUrl), total: Number(total.n) };
}

/**
 * The CSV of matching links, newest first (at most 100,000), with their event counts; creation
 * times written in `zone`.
 */
export async function linksCsv(
  db: Db,
  projectId: string,
  filters: LinkFilters,
  zone: string,
  baseUrl: string,
): Promise<string> {
  const rows = await filteredLinks(db, projectId, filters)
    .selectAll('links')
    .orderBy('links.created_at', 'desc')
    .orderBy('links.id')
    .limit(EXPORT_LIMIT)
    .execute();
  // Chunks keep every IN list far below the databases' bind limits.
  const views = [];
  for (let i = 0; i < rows.length; i += 500)
    views.push(...(await linkViews(db, rows.slice(i, i + 500), baseUrl)));
  const events = await eventCountsByLink(
    db,
    rows.map((r) => r.id),
  );
  return toCsv(
    [
      'link_id',
      'name',
      'url',
      'template',
      'tags',
      'redirect_mode',
      'created_at',
      'clicks',
      'installs',
      'opens',
      'registrations',
    ],
    views.map((v) => {
      const e = events.get(v.id);
      return [
        v.linkId,
        v.name,
        v.url,
        v.templateName,
        v.tags.join(';'),
        v.redirectMode,
        localIsoTime(Date.parse(v.createdAt), zone),
        v.clicks,
        e?.install ?? 0,
        e?.open ?? 0,
        e?.register ?? 0,
      ];
    }),
  );
}

/** A link of the project; another project's (or no such) id answers 404. */
export async function findLink(db: Db, projectId: string, id: string): Promise<LinkRow> {
  const row = await db
    .selectFrom('links')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * Checks what the engine cannot: http(s) redirect targets, a template of the project, a link id
 * no other link of the project has (409 `linkIdTaken`). Returns the id: the body's, else the
 * existing link's, else a free one.
 */
export async function prepareLink(
  db: Db,
  projectId: string,
  body: LinkBody,
  existing?: LinkRow,
): Promise<string> {
  const redirects = (body.redirects ?? {}) as Record<string, unknown>;
  const badTargets = REDIRECT_KEYS.filter(
    (k) => redirects[k] !== undefined && !safeHttpUrl(String(redirects[k])),
  );
  if (badTargets.length > 0) {
    throw fieldError((lang) =>
      badTargets.map((k) => ({ path: `/redirects/${k}`, message: validationMessage('redirectUrl', lang) })),
    );
  }
  const template = await db
    .selectFrom('link_templates')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', '=', String(body.templateId))
    .executeTakeFirst();
  if (!template) {
    throw fieldError((lang) => [{ path: '/templateId', message: errorMessage('templateNotFound', lang) }]);
  }
  const linkId =
    typeof body.linkId === 'string' ? body.linkId : (existing?.link_id ?? (await freeLinkId(db, projectId)));
  let clash = db
    .selectFrom('links')
    .select('id')
    .where('project_id', '=', projectId)
    .where('link_id', '=', linkId);
  if (existing) clash = clash.where('id', '!=', existing.id);
  if (await clash.executeTakeFirst()) throw linkIdTaken();
  return linkId;
}

/** The config as stored: the body without its tags (a table of their own), with the link id. */
export function storedConfig(body: LinkBody, linkId: string): string {
  const { tags: _tags, ...rest } = body;
  return JSON.stringify({ ...rest, linkId });
}

export function tagNames(body: LinkBody): string[] {
  return Array.isArray(body.tags) ? body.tags.filter((t): t is string => typeof t === 'string') : [];
}

/** Runs a write; a unique violation (a link id taken meanwhile) answers 409 `linkIdTaken`. */
async function guardLinkId(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw linkIdTaken();
    throw error;
  }
}

/** Stores a new (prepared) link with its tags. */
export async function insertLink(
  db: Db,
  projectId: string,
  userId: string,
  body: LinkBody,
  linkId: string,
  now: Date,
): Promise<LinkRow> {
  const time = now.toISOString();
  const row: LinkRow = {
    id: randomId(),
    project_id: projectId,
    link_id: linkId,
    name: String(body.name),
    template_id: String(body.templateId),
    redirect_mode: String(body.redirectMode),
    config: storedConfig(body, linkId),
    created_by: userId,
    created_at: time,
    updated_at: time,
  };
  await guardLinkId(() =>
    db.transaction().execute(async (trx) => {
      await trx.insertInto('links').values(row).execute();
      await setLinkTags(trx, projectId, row.id, tagNames(body), time);
    }),
  );
  return row;
}

/** Replaces a (prepared) link and its tags. */
export async function updateLink(
  db: Db,
  existing: LinkRow,
  body: LinkBody,
  linkId: string,
  now: Date,
): Promise<LinkRow> {
  const time = now.toISOString();
  const row: LinkRow = {
    ...existing,
    link_id: linkId,
    name: String(body.name),
    template_id: String(body.templateId),
    redirect_mode: String(body.redirectMode),
    config: storedConfig(body, linkId),
    updated_at: time,
  };
  await guardLinkId(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('links')
        .set({
          link_id: row.link_id,
          name: row.name,
          template_id: row.template_id,
          redirect_mode: row.redirect_mode,
          config: row.config,
          updated_at: row.updated_at,
        })
        .where('id', '=', existing.id)
        .execute();
      await setLinkTags(trx, existing.project_id, row.id, tagNames(body), time);
    }),
  );
  return row;
}
