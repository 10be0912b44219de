import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestLang } from '../http/requestLang';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError } from '../errors';
import type { CampaignRow } from '../db/campaignTables';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { campaignChannels, campaignDetail } from './campaignViews';
import { moveCampaign } from './moveCampaign';
import { mintPreviewToken } from './previewTokens';
import { campaignReport } from './campaignReport';
import { loadCampaign } from './loadCampaign';
import { bindDownloadPage, channelEntries, replaceChannels } from './campaignService';
import {
  ActionBody,
  CampaignDetailSchema,
  ChannelsBody,
  ChannelsSchema,
  DownloadPageBody,
  PreviewTokenSchema,
  ReportSchema,
} from './campaignSchemas';

/** Status moves, preview tokens, channels, the download page and the report of a campaign. */
export const campaignActionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['campaigns'];
  const security = [{ bearer: [] }];
  const detailOf = (row: CampaignRow) => campaignDetail(app.ctx.db, row, app.ctx.publicUrl, app.ctx.now());

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
      const project = currentProject(request);
      const user = currentUser(request);
      const { db } = app.ctx;
      const row = await loadCampaign(db, project.id, request.params.id);
      const now = app.ctx.now();
      const moved = await db.transaction().execute((trx) =>
        moveCampaign(trx, row, {
          action: request.body.action,
          at: request.body.action === 'goOnline' ? request.body.at : null,
          actorId: user.id,
          via: 'user',
          now,
        }),
      );
      if (!moved.ok) throw new AppError(moved.error);
      return ok(await detailOf(moved.row));
    },
  );

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
      const minted = await mintPreviewToken(app.ctx.db, row.id, currentUser(request).id, app.ctx.now());
      return ok({
        ...minted,
        url: `/p/${encodeURIComponent(row.id)}?preview=${encodeURIComponent(minted.token)}`,
      });
    },
  );

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
      const row = await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id);
      const user = currentUser(request);
      const updated = await bindDownloadPage(
        app.ctx.db,
        row,
        request.body.downloadPageId,
        user.id,
        app.ctx.now(),
      );
      return ok(await detailOf(updated));
    },
  );

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
      const row = await loadCampaign(app.ctx.db, currentProject(request).id, request.params.id);
      return ok(
        await campaignReport(app.ctx.db, row, app.ctx.publicUrl, app.ctx.now(), requestLang(request)),
      );
    },
  );
};
