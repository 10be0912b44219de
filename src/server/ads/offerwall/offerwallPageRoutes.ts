import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { chooseLanguage } from '../../participant/chooseLanguage';
import { participantAssets } from '../../participant/participantAssets';
import type { Lang } from '../../../engine/validation/lang';
import { offerwallSettings } from './offerwallSettings';
import { OFFERWALL_PAGE_TEXTS, renderOfferwallClosedPage, renderOfferwallPage } from './renderOfferwallPage';

/** The manifest key of the offerwall's Vite entry (vite.config.ts). */
export const OFFERWALL_ENTRY = 'offerwall.html';

// The participant page's policy: scripts and calls to this server only, inline styles, images
// from http(s) and data: (offer icons); an offer is opened by navigating the page, which the
// policy does not limit.
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

export interface OfferwallPageOptions {
  /** The built web apps (buildApp `webDir`): the offerwall app's files come from its manifest. */
  webDir: string;
}

/**
 * `GET /o/:projectId`: the offerwall page (phone first), server HTML with the offerwall app
 * (src/participant/offerwall) when a build exists. Registered beside the participant page, which
 * knows the build folder.
 */
export const offerwallPageRoutes: FastifyPluginAsyncTypebox<OfferwallPageOptions> = async (app, options) => {
  const assets = participantAssets(options.webDir, OFFERWALL_ENTRY);
  app.get(
    '/o/:projectId',
    {
      schema: {
        tags: ['offerwall'],
        summary: 'The offerwall page (HTML): ?u=&exp=&sig= signed hand-off or ?token= app token',
        params: Type.Object({ projectId: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          lang: Type.Optional(Type.String({ maxLength: 35 })),
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
      const { projectId } = request.params;
      const accept = request.headers['accept-language'];
      const lang = chooseLanguage(
        ['zh-CN', 'en-US'],
        'zh-CN',
        request.query.lang,
        typeof accept === 'string' ? accept : undefined,
      ) as Lang;
      if (!(await offerwallSettings(app.ctx.db, projectId)).open)
        return html(reply, 404, renderOfferwallClosedPage(lang));
      const built = assets();
      return html(
        reply,
        200,
        renderOfferwallPage(
          lang,
          built
            ? { assets: built, boot: { projectId, lang, networkError: OFFERWALL_PAGE_TEXTS[lang].network } }
            : undefined,
        ),
      );
    },
  );
};
