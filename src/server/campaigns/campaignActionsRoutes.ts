import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestLang } from '../http/requestLang';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import type { TypedApp } from '../http/typedApp';
import type { CampaignRow } from '../db/campaignTables';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { campaignChannels, campaignDetail } from './campaignViews';
import { campaignReport } from './campaignReport';
import { loadCampaign } from './loadCampaign';
import { bindDownloadPage, channelEntries, replaceChannels } from './campaignService';
import { campaignPreviewLink, changeCampaignStatus } from './campaignActionsService';
import {
  ActionBody,
  CampaignDetailSchema,
  ChannelsBody,
  ChannelsSchema,
  DownloadPageBody,
  PreviewTokenSchema,
  ReportSchema,
} from './campaignSchemas';

const tags = ['campaigns'];
const security = [{ bearer: [] }];

const detailOf = (app: TypedApp, row: CampaignRow) =>
  campaignDetail(app.ctx.db, row, app.ctx.publicUrl, app.ctx.now());

function actionRoute(app: TypedApp) {
  app.post(
    '/api/campaigns/:id/actions',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary:
          'Move the status: prerelease, goOnline (now or at a time <= end), goOffline, disableWhitelist',
        description:
          'Illegal moves answer 409 with the engine key: campaign.illegalTransition, campaign.onlineAfterEnd, ' +
          'campaign.whitelistRequired or campaign.ended. goOnline with a future `at` is done by the scheduler.',
        params: IdParams,
        body: ActionBody,
        response: { 200: Envelope(CampaignDetailSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { db } = app.ctx;
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const userId = currentUser(request).id;
      return ok(
        await detailOf(app, await changeCampaignStatus(db, row, request.body, userId, app.ctx.now())),
      );
    },
  );
}

function previewTokenRoute(app: TypedApp) {
  app.post(
    '/api/campaigns/:id/preview-token',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'A 30-minute token that shows the participant page of this campaign in any phase',
        params: IdParams,
        response: { 200: Envelope(PreviewTokenSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(await campaignPreviewLink(app.ctx.db, row.id, currentUser(request).id, app.ctx.now()));
    },
  );
}

function channelsRoute(app: TypedApp) {
  app.get(
    '/api/campaigns/:id/channels',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'In-app and off-site channels, each with its own participant link',
        params: IdParams,
        response: { 200: Envelope(ChannelsSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(await campaignChannels(app.ctx.db, row.id, app.ctx.publicUrl));
    },
  );
}

function replaceChannelsRoute(app: TypedApp) {
  app.put(
    '/api/campaigns/:id/channels',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Replace the channels; keys are unique across both lists',
        params: IdParams,
        body: ChannelsBody,
        response: { 200: Envelope(ChannelsSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id);
      const entries = channelEntries(request.body);
      await replaceChannels(app.ctx.db, row.id, entries, currentUser(request).id, app.ctx.now());
      return ok(await campaignChannels(app.ctx.db, row.id, app.ctx.publicUrl));
    },
  );
}

function downloadPageRoute(app: TypedApp) {
  app.put(
    '/api/campaigns/:id/download-page',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Bind (or unbind with null) a download page of the project (/api/download-pages)',
        params: IdParams,
        body: DownloadPageBody,
        response: { 200: Envelope(CampaignDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { db } = app.ctx;
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const pageId = request.body.downloadPageId;
      const updated = await bindDownloadPage(db, row, pageId, currentUser(request).id, app.ctx.now());
      return ok(await detailOf(app, updated));
    },
  );
}

function reportRoute(app: TypedApp) {
  app.get(
    '/api/campaigns/:id/report',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary:
          'Recorded facts only: status history, channels, form submissions; participation not yet recorded',
        params: IdParams,
        response: { 200: Envelope(ReportSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { db, publicUrl } = app.ctx;
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      return ok(await campaignReport(db, row, publicUrl, app.ctx.now(), requestLang(request)));
    },
  );
}

/**
 * Status moves, preview tokens, channels, the download page and the report of a campaign: one
 * short function per route over campaignActionsService, campaignService and the views.
 */
export const campaignActionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  actionRoute(app);
  previewTokenRoute(app);
  channelsRoute(app);
  replaceChannelsRoute(app);
  downloadPageRoute(app);
  reportRoute(app);
};
