import type { Kysely } from 'kysely';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { urlProblem } from '../../engine/validation/urlProblem';
import { AppError, errorMessage, fieldError, type FieldError } from '../errors';
import { randomId } from '../db/randomId';
import type { Database } from '../db/tables';
import { redirectFallbacks } from '../redirect/loadResolvedLink';
import { deviceOf } from '../redirect/deviceOf';
import { storeUrl } from '../redirect/decideRedirect';
import { containsText, newestPage } from './listQuery';
import { redirectTargetProblem, safeHttpUrl } from './safeHttpUrl';
import { templateSettings } from './templateSettings';
import type { DownloadPageConfig, ResolvedButton } from './downloadPageHtml';
import type { DownloadPagesTable } from './linkTables';

type Db = Kysely<Database>;
type Lang = Parameters<typeof validationMessage>[1];

/** A page as the console sends it (checked by the route's schema). */
export interface DownloadPageInput {
  name: string;
  title: string;
  description?: string;
  logoUrl?: string;
  backgroundUrl?: string;
  themeColor?: string;
  templateId?: string;
  buttons: { platform: DownloadPageConfig['buttons'][number]['platform']; label?: string; url?: string }[];
}

/** A page as the console shows it, with its public address. */
export function pageView(row: DownloadPagesTable, publicUrl: string) {
  return {
    id: row.id,
    name: row.name,
    url: `${publicUrl}/d/${row.id}`,
    config: JSON.parse(row.config) as unknown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A page of the project; another project's (or no such) id answers 404. */
export async function findPage(db: Db, projectId: string, id: string): Promise<DownloadPagesTable> {
  const row = await db
    .selectFrom('download_pages')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** The field errors of a page: a platform twice, unsafe button or image addresses. */
function pageProblems(body: DownloadPageInput): ((lang: Lang) => FieldError)[] {
  const problems: ((lang: Lang) => FieldError)[] = [];
  const seen = new Set<string>();
  body.buttons.forEach((button, i) => {
    if (seen.has(button.platform))
      problems.push((lang) => ({
        path: `/buttons/${i}/platform`,
        message: validationMessage('duplicateEntry', lang),
      }));
    seen.add(button.platform);
    const problem = button.url ? redirectTargetProblem(button.url) : undefined;
    if (problem)
      problems.push((lang) => ({ path: `/buttons/${i}/url`, message: validationMessage(problem, lang) }));
  });
  for (const field of ['logoUrl', 'backgroundUrl'] as const) {
    const image = body[field]?.trim();
    const problem = image ? urlProblem(image, 'image') : undefined;
    if (problem)
      problems.push((lang) => ({ path: `/${field}`, message: validationMessage(problem.messageKey, lang) }));
  }
  return problems;
}

/**
 * The stored config: known fields only, trimmed. One button per platform, safe addresses and a
 * template of the project, or 400 with every problem at its path.
 */
export async function pageConfig(
  db: Db,
  projectId: string,
  body: DownloadPageInput,
): Promise<DownloadPageConfig> {
  const problems = pageProblems(body);
  if (body.templateId) {
    const template = await db
      .selectFrom('link_templates')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', body.templateId)
      .executeTakeFirst();
    if (!template)
      problems.push((lang) => ({ path: '/templateId', message: errorMessage('templateNotFound', lang) }));
  }
  if (problems.length) throw fieldError((lang) => problems.map((p) => p(lang)));
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  return {
    name: body.name.trim(),
    title: body.title.trim(),
    description: text(body.description),
    logoUrl: text(body.logoUrl),
    backgroundUrl: text(body.backgroundUrl),
    themeColor: text(body.themeColor),
    templateId: text(body.templateId),
    buttons: body.buttons.map((b) => ({ platform: b.platform, label: text(b.label), url: text(b.url) })),
  };
}

/** One page of the project's download pages, newest first. */
export async function listPages(
  db: Db,
  projectId: string,
  q: { page?: number; pageSize?: number; q?: string },
) {
  let query = db.selectFrom('download_pages').where('project_id', '=', projectId);
  if (q.q?.trim()) query = query.where(containsText('name', q.q));
  return newestPage(query, q);
}

export async function createPage(
  db: Db,
  projectId: string,
  config: DownloadPageConfig,
  now: Date,
): Promise<DownloadPagesTable> {
  const time = now.toISOString();
  const row = {
    id: randomId(),
    project_id: projectId,
    name: config.name,
    config: JSON.stringify(config),
    created_at: time,
    updated_at: time,
  };
  await db.insertInto('download_pages').values(row).execute();
  return row;
}

export async function replacePage(
  db: Db,
  existing: DownloadPagesTable,
  config: DownloadPageConfig,
  now: Date,
): Promise<DownloadPagesTable> {
  const row = {
    ...existing,
    name: config.name,
    config: JSON.stringify(config),
    updated_at: now.toISOString(),
  };
  await db
    .updateTable('download_pages')
    .set({ name: row.name, config: row.config, updated_at: row.updated_at })
    .where('id', '=', existing.id)
    .execute();
  return row;
}

/**
 * What the public page shows a visitor: its buttons lead to the page's own addresses, else the
 * template's stores, else the project's redirect settings, the visitor's platform first; images
 * of pages saved before the image rule are left out rather than shown from outside.
 */
export async function publicPage(
  db: Db,
  row: DownloadPagesTable,
  userAgent: string | undefined,
): Promise<{ config: DownloadPageConfig; buttons: ResolvedButton[] }> {
  const config = JSON.parse(row.config) as DownloadPageConfig;
  const device = deviceOf(userAgent);
  const fallbacks = await redirectFallbacks(db, row.project_id);
  const templateRow = config.templateId
    ? await db
        .selectFrom('link_templates')
        .select('config')
        .where('id', '=', config.templateId)
        .where('project_id', '=', row.project_id)
        .executeTakeFirst()
    : undefined;
  const t = templateSettings(templateRow ? JSON.parse(templateRow.config) : {});
  const pkg = t.packageNames[0];
  const androidStore =
    pkg && device.store && t.stores.includes(device.store)
      ? storeUrl(device.store, pkg)
      : pkg && t.stores.includes('google-play')
        ? storeUrl('google-play', pkg)
        : undefined;
  const targets: Record<string, string | undefined> = {
    ios: safeHttpUrl(t.appStoreUrl) ?? fallbacks.ios ?? fallbacks.default,
    android: androidStore ?? fallbacks.android ?? fallbacks.default,
    pc: safeHttpUrl(t.pcHomepage) ?? safeHttpUrl(t.windowsStoreUrl) ?? fallbacks.windows ?? fallbacks.default,
  };
  const mine = device.platform === 'desktop' ? 'pc' : device.platform;
  const buttons: ResolvedButton[] = config.buttons
    .map((b) => ({ platform: b.platform, label: b.label, href: safeHttpUrl(b.url) ?? targets[b.platform] }))
    .sort((a, b) => Number(b.platform === mine) - Number(a.platform === mine));
  const image = (value?: string) => (value && !urlProblem(value, 'image') ? value : undefined);
  return {
    config: { ...config, logoUrl: image(config.logoUrl), backgroundUrl: image(config.backgroundUrl) },
    buttons,
  };
}
