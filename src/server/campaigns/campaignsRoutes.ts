import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import { fieldError } from '../errors';
import type { CampaignRow } from '../db/campaignTables';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import type { CampaignConfig } from './campaignColumns';
import { campaignDetail } from './campaignViews';
import { assertChanceParent, assertGoalOffered, assertInviteLink, resolveParent } from './campaignRules';
import { validateConfig } from './validateConfig';
import { assertPublicCallbacks, callbackUrlsOf } from '../http/assertPublicCallbacks';
import { registerCampaignJobs } from './campaignJobHandlers';
import { loadCampaign } from './loadCampaign';
import {
  assertEditable,
  copyConfig,
  deleteCampaign,
  editedCampaign,
  insertCampaign,
  insertCopy,
  listCampaigns,
  newCampaignRow,
  saveCampaign,
} from './campaignService';
import {
  CampaignDetailSchema,
  CampaignListQuery,
  CampaignSummarySchema,
  CreateCampaignBody,
  UpdateCampaignBody,
} from './campaignSchemas';
import { campaignActionsRoutes } from './campaignActionsRoutes';

const tags = ['campaigns'];
const security = [{ bearer: [] }];

const detailOf = (app: TypedApp, row: CampaignRow) =>
  campaignDetail(app.ctx.db, row, app.ctx.publicUrl, app.ctx.now());

function listRoute(app: TypedApp) {
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
    async (request) =>
      ok(
        await listCampaigns(
          app.ctx.db,
          currentProject(request).id,
          request.query,
          app.ctx.publicUrl,
          app.ctx.now(),
        ),
      ),
  );
}

function createRoute(app: TypedApp) {
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
      const row = newCampaignRow(
        {
          projectId: project.id,
          userId: currentUser(request).id,
          area,
          kind,
          mark,
          templateMark,
          parentId,
          config,
        },
        now,
      );
      await insertCampaign(app.ctx.db, row, now);
      return ok(await detailOf(app, row));
    },
  );
}

function readRoute(app: TypedApp) {
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
      ok(await detailOf(app, await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id))),
  );
}

function updateRoute(app: TypedApp) {
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
      const { db } = app.ctx;
      const row = await loadCampaign(db, project.id, request.params.id);
      const now = app.ctx.now();
      assertEditable(row, now);
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
      const updated = editedCampaign(row, {
        config,
        parentId,
        userId: currentUser(request).id,
        now,
        schemaProperties: entry.schema.properties as Record<string, unknown> | undefined,
      });
      await saveCampaign(db, row, updated, now);
      return ok(await detailOf(app, updated));
    },
  );
}

function deleteRoute(app: TypedApp) {
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
      const row = await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id);
      await deleteCampaign(app.ctx.db, row, app.ctx.now());
      return ok(null);
    },
  );
}

function copyRoute(app: TypedApp) {
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
      const source = await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id);
      const config = copyConfig(source);
      validateConfig(app.schemas.current(), source.kind, source.mark, config);
      await assertPublicCallbacks(app.ctx, callbackUrlsOf(config));
      const row = await insertCopy(app.ctx.db, source, config, currentUser(request).id, app.ctx.now());
      return ok(await detailOf(app, row));
    },
  );
}

/** Campaigns (gameplays and sub-activities, growth and ads areas): list, create, edit, copy, delete. */
export const campaignsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerCampaignJobs(app.scheduler);
  listRoute(app);
  createRoute(app);
  readRoute(app);
  updateRoute(app);
  deleteRoute(app);
  copyRoute(app);
  await app.register(campaignActionsRoutes);
};
