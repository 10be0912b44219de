import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import { AppError, errorMessage, fieldError, type FieldError } from '../errors';
import { randomId } from '../db/randomId';
import type { ProjectAccess } from '../appContext';
import { currentProject, requireProject } from '../plugins/auth';
import { containsText, PageQuery, newestPage } from './listQuery';
import { redirectTargetProblem, safeHttpUrl } from './safeHttpUrl';
import { urlProblem } from '../../engine/validation/urlProblem';
import { templateSettings } from './templateSettings';
import { downloadPageHtml, type DownloadPageConfig, type ResolvedButton } from './downloadPageHtml';
import type { DownloadPagesTable } from './linkTables';
import { redirectFallbacks } from '../redirect/loadResolvedLink';
import { deviceOf } from '../redirect/deviceOf';
import { storeUrl } from '../redirect/decideRedirect';
import { notFoundPage } from '../redirect/linkPages';
import { visitorLang } from '../redirect/pageTexts';

const Address = Type.String({
  maxLength: 320,
  pattern: '^(https://|www\\.)\\S+$',
  errorMessage: { pattern: 'msg:redirectUrl' },
});
// http(s) or the console's own uploads; never protocol-relative (`//other.host`).
const ImageUrl = Type.String({
  maxLength: 1024,
  pattern: '^(https?://\\S+|/uploads/\\S+)$',
  errorMessage: { pattern: 'msg:imageUrl' },
});
const Platform = Type.Union([Type.Literal('ios'), Type.Literal('android'), Type.Literal('pc')]);

const PageBody = Type.Object({
  name: RequiredText(30, 'Page name (console only)'),
  title: RequiredText(60, 'Page heading'),
  description: Type.Optional(Type.String({ maxLength: 300 })),
  logoUrl: Type.Optional(ImageUrl),
  backgroundUrl: Type.Optional(ImageUrl),
  themeColor: Type.Optional(
    Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$', errorMessage: { pattern: 'msg:hexColor' } }),
  ),
  templateId: Type.Optional(
    Type.String({ maxLength: 64, description: 'Link template whose stores the buttons use' }),
  ),
  buttons: Type.Array(
    Type.Object({
      platform: Platform,
      label: Type.Optional(Type.String({ maxLength: 20 })),
      url: Type.Optional(Address),
    }),
    { minItems: 1, maxItems: 3 },
  ),
});

const PageSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  url: Type.String(),
  config: Type.Unknown(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

type Body = Static<typeof PageBody>;

/** Download landing pages: console CRUD and the public page at /d/:id. */
export const downloadPagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['download pages'];
  const security = [{ bearer: [] }];
  const { db, publicUrl } = app.ctx;

  function view(row: DownloadPagesTable) {
    return {
      id: row.id,
      name: row.name,
      url: `${publicUrl}/d/${row.id}`,
      config: JSON.parse(row.config) as unknown,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  async function find(projectId: string, id: string) {
    const row = await db
      .selectFrom('download_pages')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  /** The stored config: known fields only, trimmed; checks the template and one button per platform. */
  async function configOf(project: ProjectAccess, body: Body): Promise<DownloadPageConfig> {
    const problems: ((lang: Parameters<typeof validationMessage>[1]) => FieldError)[] = [];
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
        problems.push((lang) => ({
          path: `/${field}`,
          message: validationMessage(problem.messageKey, lang),
        }));
    }
    if (body.templateId) {
      const template = await db
        .selectFrom('link_templates')
        .select('id')
        .where('project_id', '=', project.id)
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

  app.get(
    '/api/download-pages',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Download landing pages of the project',
        querystring: Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 30 })) }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(PageSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      let query = db.selectFrom('download_pages').where('project_id', '=', project.id);
      if (request.query.q?.trim()) query = query.where(containsText('name', request.query.q));
      const { rows, total } = await newestPage(query, request.query);
      return ok({ items: rows.map(view), total });
    },
  );

  app.post(
    '/api/download-pages',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a download landing page',
        body: PageBody,
        response: { 200: Envelope(PageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const config = await configOf(project, request.body);
      const time = app.ctx.now().toISOString();
      const row = {
        id: randomId(),
        project_id: project.id,
        name: config.name,
        config: JSON.stringify(config),
        created_at: time,
        updated_at: time,
      };
      await db.insertInto('download_pages').values(row).execute();
      return ok(view(row));
    },
  );

  app.get(
    '/api/download-pages/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One download landing page',
        params: IdParams,
        response: { 200: Envelope(PageSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(view(await find(currentProject(request).id, request.params.id))),
  );

  app.put(
    '/api/download-pages/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Replace a download landing page',
        params: IdParams,
        body: PageBody,
        response: { 200: Envelope(PageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const existing = await find(project.id, request.params.id);
      const config = await configOf(project, request.body);
      const row = {
        ...existing,
        name: config.name,
        config: JSON.stringify(config),
        updated_at: app.ctx.now().toISOString(),
      };
      await db
        .updateTable('download_pages')
        .set({ name: row.name, config: row.config, updated_at: row.updated_at })
        .where('id', '=', existing.id)
        .execute();
      return ok(view(row));
    },
  );

  app.delete(
    '/api/download-pages/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a download landing page',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const existing = await find(currentProject(request).id, request.params.id);
      await db.deleteFrom('download_pages').where('id', '=', existing.id).execute();
      return ok(null);
    },
  );

  // The public page (no login): buttons lead to the page's own addresses, else the template's
  // stores, else the project's redirect settings; the visitor's platform comes first.
  app.get(
    '/d/:id',
    {
      schema: {
        tags,
        summary: 'Public download landing page (HTML)',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const lang = visitorLang(request.headers['accept-language']);
      const row = await db
        .selectFrom('download_pages')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) {
        const page = notFoundPage(lang);
        return reply
          .status(404)
          .type('text/html; charset=utf-8')
          .header('content-security-policy', page.csp)
          .send(page.html);
      }
      const config = JSON.parse(row.config) as DownloadPageConfig;
      const device = deviceOf(request.headers['user-agent']);
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
        pc:
          safeHttpUrl(t.pcHomepage) ??
          safeHttpUrl(t.windowsStoreUrl) ??
          fallbacks.windows ??
          fallbacks.default,
      };
      const mine = device.platform === 'desktop' ? 'pc' : device.platform;
      const buttons: ResolvedButton[] = config.buttons
        .map((b) => ({
          platform: b.platform,
          label: b.label,
          href: safeHttpUrl(b.url) ?? targets[b.platform],
        }))
        .sort((a, b) => Number(b.platform === mine) - Number(a.platform === mine));
      // Pages saved before the image rule existed show no image rather than an outside one.
      const image = (value?: string) => (value && !urlProblem(value, 'image') ? value : undefined);
      const shown = { ...config, logoUrl: image(config.logoUrl), backgroundUrl: image(config.backgroundUrl) };
      const page = downloadPageHtml(lang, shown, buttons);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', page.csp)
        .send(page.html);
    },
  );
};
