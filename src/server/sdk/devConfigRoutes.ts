import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { assertPublicCallbacks } from '../http/assertPublicCallbacks';
import { currentProject, requireProject } from '../plugins/auth';
import { MAX_WHITELIST_ENTRIES } from './ipWhitelist';
import { normalizedWhitelist, readDevConfig, saveDevConfig } from './devConfig';

const DevConfigSchema = Type.Object({
  tokenCallbackUrl: Type.String({
    maxLength: 2048,
    description: 'http(s) address of a public host; "" = unset',
  }),
  ipWhitelist: Type.Array(Type.String({ maxLength: 64 }), {
    maxItems: MAX_WHITELIST_ENTRIES,
    description:
      'IPv4/IPv6 addresses or CIDR blocks allowed to call the SDK and server APIs; empty = any address',
  }),
});

/** Dev config: token callback and the IP whitelist enforced on every X-Access-Key endpoint. */
export const devConfigRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['integration'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  app.get(
    '/api/dev-config',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Token callback and IP whitelist',
        response: { 200: Envelope(DevConfigSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await readDevConfig(db, currentProject(request).id)),
  );

  app.put(
    '/api/dev-config',
    {
      onRequest: requireProject('manage'),
      schema: {
        tags,
        security,
        summary:
          'Save the token callback and IP whitelist (takes effect at once on this server, within 30 s on others)',
        body: DevConfigSchema,
        response: { 200: Envelope(DevConfigSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const ipWhitelist = normalizedWhitelist(request.body.ipWhitelist);
      const tokenCallbackUrl = request.body.tokenCallbackUrl.trim();
      if (tokenCallbackUrl)
        await assertPublicCallbacks(app.ctx, [{ path: '/tokenCallbackUrl', url: tokenCallbackUrl }]);
      return ok(await saveDevConfig(db, project.id, { tokenCallbackUrl, ipWhitelist }, app.ctx.now()));
    },
  );
};
