import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { fieldError } from '../errors';
import { assertPublicCallbacks } from '../http/assertPublicCallbacks';
import { currentProject, requireProject } from '../plugins/auth';
import { MAX_WHITELIST_ENTRIES, normalizeWhitelistEntry } from './ipWhitelist';
import { forgetAccessKeys } from './requireAccessKey';

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

  async function read(projectId: string) {
    const row = await db
      .selectFrom('dev_configs')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return {
      tokenCallbackUrl: row?.token_callback_url ?? '',
      ipWhitelist: row ? (JSON.parse(row.ip_whitelist) as string[]) : [],
    };
  }

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
    async (request) => ok(await read(currentProject(request).id)),
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
      const entries: string[] = [];
      const bad: number[] = [];
      request.body.ipWhitelist.forEach((raw, i) => {
        const entry = normalizeWhitelistEntry(raw);
        if (!entry) bad.push(i);
        else if (!entries.includes(entry)) entries.push(entry);
      });
      if (bad.length > 0) {
        throw fieldError((lang) =>
          bad.map((i) => ({ path: `/ipWhitelist/${i}`, message: validationMessage('invalid', lang) })),
        );
      }
      const url = request.body.tokenCallbackUrl.trim();
      if (url) await assertPublicCallbacks(app.ctx, [{ path: '/tokenCallbackUrl', url }]);
      const values = {
        token_callback_url: url || null,
        ip_whitelist: JSON.stringify(entries),
        updated_at: app.ctx.now().toISOString(),
      };
      await db
        .insertInto('dev_configs')
        .values({ project_id: project.id, ...values })
        .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
        .execute();
      forgetAccessKeys(db);
      return ok(await read(project.id));
    },
  );
};
