import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError, errorMessage, fieldError } from '../errors';
import { randomId } from '../db/randomId';
import type { CampaignRow } from '../db/campaignTables';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { campaignColumns, whitelistOn, type CampaignConfig } from './campaignColumns';
import { isLive, shownActions, shownStatus } from './campaignState';
import { campaignDetail, campaignSummary } from './campaignViews';
import { recordCampaignEvent } from './campaignEvents';
import { lockedChanges } from './lockedChanges';
import { planOfflineJob } from './planOfflineJob';
import {
  assertChanceParent,
  assertGoalOffered,
  assertInviteLink,
  copyTitle,
  resolveParent,
} from './campaignRules';
import { validateConfig } from './validateConfig';
import { assertPublicCallbacks, callbackUrlsOf } from '../http/assertPublicCallbacks';
import { registerCampaignJobs } from './campaignJobHandlers';
import { loadCampaign } from './loadCampaign';
import {
  CampaignDetailSchema,
  CampaignListQuery,
  CampaignSummarySchema,
  CreateCampaignBody,
  UpdateCampaignBody,
} from './campaignSchemas';
import { campaignActionsRoutes } from './campaignActionsRoutes';

/** `YYYY-MM-DD` (a whole UTC day; `to` includes it) or an ISO time; undefined when absent. */
function parseBound(value: string | undefined, name: 'from' | 'to'): number | undefined {
  if (!value) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms))
    throw fieldError((lang) => [
      { path: `/querystring/${name}`, message: validationMessage('format.date-time', lang) },
    ]);
  return day && name === 'to' ? ms + 86_400_000 : ms;
}

/** The campaign id a pasted participant link (or id) names. */
function linkNeedle(link: string): string {
  const match = /\/p\/([^/?#]+)/.exec(link);
  return decodeURIComponent(match ? match[1] : link.trim());
}

/** Campaigns (gameplays and sub-activities, growth and ads areas): list, create, edit, copy, delete. */
export const campaignsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];
  registerCampaignJobs(app.scheduler);

  const detailOf = (row: CampaignRow) => campaignDetail(app.ctx.db, row, app.ctx.publicUrl, app.ctx.now());

  app.get(
    '/api/campaigns',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Campaigns of the project, newest first, with the status and moves computed now',
        querystring: CampaignListQuery,
        response: {
          200: Envelope(Type.Object({ items: Type.Array(CampaignSummarySchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const q = request.query;
      const now = app.ctx.now();
      const from = parseBound(q.from, 'from');
      const to = parseBound(q.to, 'to');
      let query = app.ctx.db
        .selectFrom('campaigns')
        .select([
          'id',
          'project_id',
          'area',
          'kind',
          'mark',
          'template_mark',
          'title',
          'goal',
          'phase',
          'start_time',
          'end_time',
          'start_text',
          'end_text',
          'timezone',
          'online_at',
          'whitelist_enabled',
          'parent_id',
          'download_page_id',
          'created_by',
          'updated_by',
          'created_at',
          'updated_at',
        ])
        .where('project_id', '=', project.id)
        .where('area', '=', q.area ?? 'growth');
      if (q.kind) query = query.where('kind', '=', q.kind);
      if (q.mark) query = query.where('mark', '=', q.mark);
      if (q.parentId) query = query.where('parent_id', '=', q.parentId);
      if (from !== undefined) query = query.where('end_time', '>=', new Date(from).toISOString());
      if (to !== undefined) query = query.where('start_time', '<', new Date(to).toISOString());
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
      const title = q.title?.trim().toLowerCase();
      const needle = q.link ? linkNeedle(q.link) : undefined;
      const matching = rows
        .filter((row) => !title || row.title.toLowerCase().includes(title))
        .filter((row) => !needle || row.id.includes(needle))
        .map((row) => campaignSummary(row, app.ctx.publicUrl, now))
        .filter((summary) => !q.status || summary.status === q.status);
      const start = (q.page - 1) * q.pageSize;
      return ok({ items: matching.slice(start, start + q.pageSize), total: matching.length });
    },
  );

  app.post(
    '/api/campaigns',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Create a campaign (phase draft) from a gameplay or sub-activity config',
        body: CreateCampaignBody,
        response: { 200: Envelope(CampaignDetailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const { area, kind, mark } = request.body;
      const config = request.body.config as CampaignConfig;
      if (area === 'ads' && kind !== 'gameplay')
        throw fieldError((lang) => [{ path: '/kind', message: validationMessage('enum', lang) }]);
      const entry = validateConfig(app.schemas.current(), kind, mark, config);
      await assertPublicCallbacks(app.ctx, callbackUrlsOf(config));
      const templateMark = request.body.templateMark ?? null;
      if (templateMark !== null && !(templateMark in entry.templates))
        throw fieldError((lang) => [{ path: '/templateMark', message: validationMessage('enum', lang) }]);
      assertGoalOffered(entry, area, config);
      const parentId = await resolveParent(app.ctx.db, project.id, kind, request.body.parentId, config);
      await assertChanceParent(app.ctx.db, app.schemas.current(), project.id, parentId, config);
      await assertInviteLink(app.ctx.db, project.id, config);

      const now = app.ctx.now();
      const time = now.toISOString();
      const row: CampaignRow = {
        id: randomId(),
        project_id: project.id,
        area,
        kind,
        mark,
        template_mark: templateMark,
        ...campaignColumns(config),
        config: JSON.stringify(config),
        phase: 'draft',
        online_at: null,
        whitelist_enabled: whitelistOn(config) ? 1 : 0,
        parent_id: parentId,
        download_page_id: null,
        created_by: user.id,
        updated_by: user.id,
        created_at: time,
        updated_at: time,
      };
      await app.ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('campaigns').values(row).execute();
        await recordCampaignEvent(trx, {
          campaignId: row.id,
          projectId: project.id,
          action: 'create',
          fromPhase: null,
          toPhase: 'draft',
          fromStatus: null,
          toStatus: 'draft',
          actorId: user.id,
          via: 'user',
          now,
        });
        // Saving the campaign ends the wizard: its unsaved progress is gone.
        await trx
          .deleteFrom('campaign_drafts')
          .where('user_id', '=', user.id)
          .where('project_id', '=', project.id)
          .where('area', '=', area)
          .where('kind', '=', kind)
          .where('mark', '=', mark)
          .where('campaign_key', '=', '')
          .execute();
      });
      return ok(await detailOf(row));
    },
  );

  app.get(
    '/api/campaigns/:id',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'One campaign with its config, channels and download page',
        params: IdParams,
        response: { 200: Envelope(CampaignDetailSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      ok(await detailOf(await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id))),
  );

  app.put(
    '/api/campaigns/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Save a campaign config; fields locked by the status answer 409 campaign.locked',
        params: IdParams,
        body: UpdateCampaignBody,
        response: { 200: Envelope(CampaignDetailSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const { db } = app.ctx;
      const row = await loadCampaign(db, project.id, request.params.id);
      const now = app.ctx.now();
      const status = shownStatus(row, now);
      if (!shownActions(row, now).includes('edit'))
        throw new AppError(status === 'ended' ? 'campaign.ended' : 'campaign.illegalTransition');
      const config = request.body.config as CampaignConfig;
      const entry = validateConfig(app.schemas.current(), row.kind, row.mark, config);
      await assertPublicCallbacks(app.ctx, callbackUrlsOf(config));
      assertGoalOffered(entry, row.area, config);
      const parentId =
        row.kind === 'sub-activity' && typeof config.boundCampaignId === 'string'
          ? await resolveParent(db, project.id, row.kind, undefined, config)
          : row.parent_id;
      await assertChanceParent(db, app.schemas.current(), project.id, parentId, config);
      await assertInviteLink(db, project.id, config);
      const locked = lockedChanges(JSON.parse(row.config) as CampaignConfig, config, {
        draft: status === 'draft',
        live: isLive(row, now),
        now,
        schemaProperties: entry.schema.properties as Record<string, unknown> | undefined,
      });
      if (locked.length) {
        const key = locked.every((c) => c.key === 'campaign.endPassed')
          ? 'campaign.endPassed'
          : 'campaign.locked';
        throw new AppError(key, {
          errors: (lang) => locked.map((c) => ({ path: c.path, message: errorMessage(c.key, lang) })),
        });
      }
      const columns = campaignColumns(config);
      if (row.online_at && Date.parse(columns.end_time) < Date.parse(row.online_at)) {
        throw new AppError('campaign.onlineAfterEnd', {
          errors: (lang) => [{ path: '/endTime', message: errorMessage('campaign.onlineAfterEnd', lang) }],
        });
      }
      const updated: CampaignRow = {
        ...row,
        ...columns,
        config: JSON.stringify(config),
        whitelist_enabled: status === 'draft' ? (whitelistOn(config) ? 1 : 0) : row.whitelist_enabled,
        parent_id: parentId,
        updated_by: user.id,
        updated_at: now.toISOString(),
      };
      await db.transaction().execute(async (trx) => {
        const written = await trx
          .updateTable('campaigns')
          .set({
            ...columns,
            config: updated.config,
            whitelist_enabled: updated.whitelist_enabled,
            parent_id: updated.parent_id,
            updated_by: updated.updated_by,
            updated_at: updated.updated_at,
          })
          .where('id', '=', row.id)
          .where('updated_at', '=', row.updated_at)
          .where('phase', '=', row.phase)
          .executeTakeFirst();
        // Someone moved or saved it since we read it: refuse rather than overwrite.
        if (Number(written.numUpdatedRows) !== 1) throw new AppError('campaign.illegalTransition');
        await planOfflineJob(trx, updated, now, user.id);
        await trx
          .deleteFrom('campaign_drafts')
          .where('user_id', '=', user.id)
          .where('project_id', '=', project.id)
          .where('campaign_key', '=', row.id)
          .execute();
      });
      return ok(await detailOf(updated));
    },
  );

  app.delete(
    '/api/campaigns/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Delete a campaign (where the status machine allows delete)',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const { db } = app.ctx;
      const row = await loadCampaign(db, project.id, request.params.id);
      if (!shownActions(row, app.ctx.now()).includes('delete'))
        throw new AppError('campaign.illegalTransition');
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('scheduled_jobs').where('subject_id', '=', row.id).execute();
        await trx
          .deleteFrom('campaign_drafts')
          .where('project_id', '=', project.id)
          .where('campaign_key', '=', row.id)
          .execute();
        await trx.deleteFrom('campaigns').where('id', '=', row.id).execute();
      });
      return ok(null);
    },
  );

  app.post(
    '/api/campaigns/:id/copy',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Copy a campaign into a new draft titled <title>-copy (channels included)',
        params: IdParams,
        response: { 200: Envelope(CampaignDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const { db } = app.ctx;
      const source = await loadCampaign(db, project.id, request.params.id);
      const sourceConfig = JSON.parse(source.config) as CampaignConfig;
      const config: CampaignConfig = {
        ...sourceConfig,
        title: copyTitle(String(sourceConfig.title ?? source.title)),
      };
      // A copy starts over as a draft: the whitelist switch is the config's again.
      validateConfig(app.schemas.current(), source.kind, source.mark, config);
      await assertPublicCallbacks(app.ctx, callbackUrlsOf(config));
      const now = app.ctx.now();
      const time = now.toISOString();
      const row: CampaignRow = {
        ...source,
        ...campaignColumns(config),
        id: randomId(),
        config: JSON.stringify(config),
        phase: 'draft',
        online_at: null,
        whitelist_enabled: whitelistOn(config) ? 1 : 0,
        created_by: user.id,
        updated_by: user.id,
        created_at: time,
        updated_at: time,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('campaigns').values(row).execute();
        const channels = await trx
          .selectFrom('campaign_channels')
          .selectAll()
          .where('campaign_id', '=', source.id)
          .execute();
        if (channels.length)
          await trx
            .insertInto('campaign_channels')
            .values(channels.map((c) => ({ ...c, campaign_id: row.id })))
            .execute();
        await recordCampaignEvent(trx, {
          campaignId: row.id,
          projectId: project.id,
          action: 'copy',
          fromPhase: null,
          toPhase: 'draft',
          fromStatus: null,
          toStatus: 'draft',
          actorId: user.id,
          via: 'user',
          detail: { from: source.id },
          now,
        });
      });
      return ok(await detailOf(row));
    },
  );

  await app.register(campaignActionsRoutes);
};
