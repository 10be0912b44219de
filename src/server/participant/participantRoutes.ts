import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { isPreviewToken } from '../campaigns/previewTokens';
import { shownStatus } from '../campaigns/campaignState';
import { participantPageModel } from './participantPageModel';
import { renderNotFoundPage, renderParticipantPage } from './renderParticipantPage';
import { PARTICIPANT_TEXTS, pageLangOf } from './participantTexts';
import { participantAssets } from './participantAssets';
import { offerwallPageRoutes } from '../ads/offerwall/offerwallPageRoutes';

// Scripts only from this server (the participant app; its boot data is a JSON script, which no
// browser runs); calls to this server only; inline styles (the first paint) and the app's CSS;
// images from this server, http(s) (the image rule of the configs) and data: URLs; framed only by
// the console (same origin) for its phone and desktop previews.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' https: http: data:; connect-src 'self'; base-uri 'none'; form-action 'none'; " +
  "frame-ancestors 'self'";

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

export interface ParticipantRoutesOptions {
  /** The built web apps (buildApp `webDir`): the participant app's files come from its manifest. */
  webDir: string;
}

/**
 * The participant page of a campaign: public, server-rendered from its config (the first paint
 * and the Open Graph tags), then the participant app (src/participant) when a build exists.
 */
export const participantRoutes: FastifyPluginAsyncTypebox<ParticipantRoutesOptions> = async (
  app,
  options,
) => {
  const assets = participantAssets(options.webDir);
  // The offerwall page is built and served like this one: it needs the same build folder.
  await app.register(offerwallPageRoutes, { webDir: options.webDir });
  app.get(
    '/p/:campaignId',
    {
      schema: {
        tags: ['participant'],
        summary:
          'The participant page (HTML); drafts only with ?preview=<token> from POST /api/campaigns/:id/preview-token',
        params: Type.Object({ campaignId: Type.String({ maxLength: 200 }) }),
        querystring: Type.Object({
          lang: Type.Optional(Type.String({ maxLength: 35 })),
          ch: Type.Optional(Type.String({ maxLength: 64, description: 'Channel key of a channel link' })),
          inviter: Type.Optional(
            Type.String({ maxLength: 64, description: 'Participant code of the inviter' }),
          ),
          preview: Type.Optional(Type.String({ maxLength: 200 })),
          u: Type.Optional(Type.String({ maxLength: 64, description: 'Signed hand-off: user id' })),
          exp: Type.Optional(
            Type.String({ maxLength: 20, description: 'Signed hand-off: expiry (Unix seconds)' }),
          ),
          sig: Type.Optional(Type.String({ maxLength: 128, description: 'Signed hand-off: signature' })),
          token: Type.Optional(
            Type.String({ maxLength: 2048, description: 'App token for the token callback' }),
          ),
        }),
      },
    },
    async (request, reply) => {
      const { campaignId } = request.params;
      const { lang, preview } = request.query;
      const accept = request.headers['accept-language'];
      const now = app.ctx.now();
      const row = await app.ctx.db
        .selectFrom('campaigns')
        .selectAll()
        .where('id', '=', campaignId)
        .executeTakeFirst();
      const previewing = row && preview ? await isPreviewToken(app.ctx.db, row.id, preview, now) : false;
      if (!row || (shownStatus(row, now) === 'draft' && !previewing)) {
        const pageLang = pageLangOf(lang ?? (typeof accept === 'string' ? accept : ''));
        return html(reply, 404, renderNotFoundPage(pageLang, PARTICIPANT_TEXTS[pageLang]));
      }
      const model = participantPageModel(row, {
        now,
        preview: previewing,
        publicUrl: app.ctx.publicUrl,
        queryLang: lang,
        acceptLanguage: typeof accept === 'string' ? accept : undefined,
      });
      const built = assets();
      return html(
        reply,
        200,
        renderParticipantPage(
          model,
          built ? { assets: built, boot: { campaignId: row.id, lang: model.lang } } : undefined,
        ),
      );
    },
  );
};
