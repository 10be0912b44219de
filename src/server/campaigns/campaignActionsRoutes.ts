import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { requestLang } from '../http/requestLang';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams } from '../http/fields';
import { AppError, fieldError, type FieldError } from '../errors';
import type { CampaignRow, ChannelType } from '../db/campaignTables';
import { currentProject, currentUser, requireProject } from '../plugins/auth';
import { campaignChannels, campaignDetail } from './campaignViews';
import { moveCampaign } from './moveCampaign';
import { mintPreviewToken } from './previewTokens';
import { campaignReport } from './campaignReport';
import { loadCampaign } from './loadCampaign';
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
      const { db } = app.ctx;
      const row = await loadCampaign(db, currentProject(request).id, request.params.id);
      const seen = new Set<string>();
      const entries: { type: ChannelType; key: string; name: string; path: string }[] = [];
      for (const type of ['inApp', 'offSite'] as const)
        request.body[type].forEach((channel, index) =>
          entries.push({ type, key: channel.key, name: channel.name.trim(), path: `/${type}/${index}/key` }),
        );
      const duplicates: { path: string; key: string }[] = [];
      for (const entry of entries) {
        if (seen.has(entry.key)) duplicates.push({ path: entry.path, key: entry.key });
        seen.add(entry.key);
      }
      if (duplicates.length)
        throw fieldError((lang): FieldError[] =>
          duplicates.map((d) => ({
            path: d.path,
            message: validationMessage('duplicateKey', lang, { value: d.key }),
          })),
        );
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('campaign_channels').where('campaign_id', '=', row.id).execute();
        if (entries.length)
          await trx
            .insertInto('campaign_channels')
            .values(
              entries.map((entry, position) => ({
                campaign_id: row.id,
                type: entry.type,
                key: entry.key,
                name: entry.name,
                position,
              })),
            )
            .execute();
        await trx
          .updateTable('campaigns')
          .set({ updated_at: app.ctx.now().toISOString(), updated_by: currentUser(request).id })
          .where('id', '=', row.id)
          .execute();
      });
      return ok(await campaignChannels(db, row.id, app.ctx.publicUrl));
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
      const { db } = app.ctx;
      const project = currentProject(request);
      const row = await loadCampaign(db, project.id, request.params.id);
      const pageId = request.body.downloadPageId;
      if (pageId !== null) {
        const page = await db
          .selectFrom('download_pages')
          .select('id')
          .where('id', '=', pageId)
          .where('project_id', '=', project.id)
          .executeTakeFirst();
        if (!page)
          throw fieldError((lang) => [{ path: '/downloadPageId', message: validationMessage('enum', lang) }]);
      }
      const updated: CampaignRow = {
        ...row,
        download_page_id: pageId,
        updated_at: app.ctx.now().toISOString(),
        updated_by: currentUser(request).id,
      };
      await db
        .updateTable('campaigns')
        .set({
          download_page_id: updated.download_page_id,
          updated_at: updated.updated_at,
          updated_by: updated.updated_by,
        })
        .where('id', '=', row.id)
        .execute();
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
