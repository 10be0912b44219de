import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { isPreviewToken } from '../../campaigns/previewTokens';
import { shownStatus } from '../../campaigns/campaignState';
import { participantPageModel } from '../../participant/participantPageModel';
import { renderNotFoundPage, renderParticipantPage } from '../../participant/renderParticipantPage';
import { PARTICIPANT_TEXTS, pageLangOf } from '../../participant/participantTexts';

// No scripts at all; inline styles only; images from this server or http(s); framed only by the
// console (same origin) for its phone and desktop previews.
const CSP =
  "default-src 'none'; img-src 'self' https: http: data:; style-src 'unsafe-inline'; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'self'";

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

/** The participant page of a campaign: public, server-rendered from its config. */
export const participantRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
          preview: Type.Optional(Type.String({ maxLength: 200 })),
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
        queryLang: lang,
        acceptLanguage: typeof accept === 'string' ? accept : undefined,
      });
      return html(reply, 200, renderParticipantPage(model));
    },
  );
};
