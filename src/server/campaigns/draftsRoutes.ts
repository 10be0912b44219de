import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError } from '../errors';
import { randomId } from '../db/randomId';
import type { CampaignDraftsTable } from '../db/campaignTables';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { AreaField, KindField, Mark } from './campaignSchemas';

/** Unsaved wizard progress may be any JSON up to this size. */
const MAX_CONFIG_BYTES = 1024 * 1024;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const DraftSchema = Type.Object({
  id: Type.String(),
  area: AreaField,
  kind: KindField,
  mark: Type.String(),
  templateMark: Nullable(Type.String()),
  campaignId: Nullable(Type.String({ description: 'The campaign being edited; null for a new one' })),
  step: Type.String(),
  config: Type.Unknown({ description: 'The wizard form data as it was left' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const DraftBody = Type.Object({
  area: AreaField,
  kind: KindField,
  mark: Mark,
  templateMark: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  campaignId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
  step: Type.String({ maxLength: 64 }),
  config: Type.Unknown(),
});

const DraftQuery = Type.Object({
  area: Type.Optional(AreaField),
  kind: Type.Optional(KindField),
  mark: Type.Optional(Type.String({ maxLength: 64 })),
  campaignId: Type.Optional(Type.String({ maxLength: 64, description: 'empty: drafts of new campaigns' })),
});

function draftView(row: CampaignDraftsTable) {
  return {
    id: row.id,
    area: row.area,
    kind: row.kind,
    mark: row.mark,
    templateMark: row.template_mark,
    campaignId: row.campaign_key || null,
    step: row.step,
    config: JSON.parse(row.config) as unknown,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Wizard drafts: unsaved progress per user and project, resumed from the create action. */
export const draftsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/drafts',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: "The caller's wizard drafts in this project, newest first",
        querystring: DraftQuery,
        response: { 200: Envelope(Type.Array(DraftSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const q = request.query;
      let query = app.ctx.db
        .selectFrom('campaign_drafts')
        .selectAll()
        .where('user_id', '=', currentUser(request).id)
        .where('project_id', '=', currentProject(request).id);
      if (q.area) query = query.where('area', '=', q.area);
      if (q.kind) query = query.where('kind', '=', q.kind);
      if (q.mark) query = query.where('mark', '=', q.mark);
      if (q.campaignId !== undefined) query = query.where('campaign_key', '=', q.campaignId);
      const rows = await query.orderBy('updated_at', 'desc').orderBy('id').execute();
      return ok(rows.map(draftView));
    },
  );

  app.put(
    '/api/drafts',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Save wizard progress (one draft per user, project, area, kind, mark and campaign)',
        body: DraftBody,
        response: { 200: Envelope(DraftSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const { db } = app.ctx;
      const body = request.body;
      const config = JSON.stringify(body.config ?? null);
      if (Buffer.byteLength(config) > MAX_CONFIG_BYTES) throw new AppError('bodyTooLarge');
      const campaignKey = body.campaignId ?? '';
      if (campaignKey) {
        const campaign = await db
          .selectFrom('campaigns')
          .select('id')
          .where('id', '=', campaignKey)
          .where('project_id', '=', project.id)
          .executeTakeFirst();
        if (!campaign) throw new AppError('notFound');
      }
      const time = app.ctx.now().toISOString();
      await db
        .insertInto('campaign_drafts')
        .values({
          id: randomId(),
          project_id: project.id,
          user_id: user.id,
          area: body.area,
          kind: body.kind,
          mark: body.mark,
          template_mark: body.templateMark ?? null,
          campaign_key: campaignKey,
          step: body.step,
          config,
          created_at: time,
          updated_at: time,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'project_id', 'area', 'kind', 'mark', 'campaign_key']).doUpdateSet({
            template_mark: body.templateMark ?? null,
            step: body.step,
            config,
            updated_at: time,
          }),
        )
        .execute();
      const row = await db
        .selectFrom('campaign_drafts')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('project_id', '=', project.id)
        .where('area', '=', body.area)
        .where('kind', '=', body.kind)
        .where('mark', '=', body.mark)
        .where('campaign_key', '=', campaignKey)
        .executeTakeFirstOrThrow();
      return ok(draftView(row));
    },
  );

  app.delete(
    '/api/drafts/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: "Discard one of the caller's drafts",
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const result = await app.ctx.db
        .deleteFrom('campaign_drafts')
        .where('id', '=', request.params.id)
        .where('user_id', '=', currentUser(request).id)
        .where('project_id', '=', currentProject(request).id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) throw new AppError('notFound');
      return ok(null);
    },
  );
};
