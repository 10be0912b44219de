import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { fieldError } from '../errors';
import { currentProject, requireProject } from '../plugins/auth';
import { redirectTargetProblem } from './safeHttpUrl';

// Redirect addresses start with https or www, at most 320 characters; "" clears one.
const Address = Type.String({
  maxLength: 320,
  pattern: '^$|^(https://|www\\.)\\S+$',
  errorMessage: { pattern: 'msg:redirectUrl' },
});
const KEYS = ['default', 'android', 'ios', 'windows'] as const;
const SettingsSchema = Type.Object({ default: Address, android: Address, ios: Address, windows: Address });
const SettingsBody = Type.Object({
  default: Type.Optional(Address),
  android: Type.Optional(Address),
  ios: Type.Optional(Address),
  windows: Type.Optional(Address),
});

/** The project's store addresses, the redirector's last resort for every link. */
export const redirectSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['redirect settings'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function read(projectId: string) {
    const row = await db
      .selectFrom('redirect_settings')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return {
      default: row?.default_url ?? '',
      android: row?.android_url ?? '',
      ios: row?.ios_url ?? '',
      windows: row?.windows_url ?? '',
    };
  }

  app.get(
    '/api/redirect-settings',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Default, Android, iOS and Windows store addresses',
        response: { 200: Envelope(SettingsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await read(currentProject(request).id)),
  );

  app.put(
    '/api/redirect-settings',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Replace the store addresses ("" or a missing field clears one)',
        body: SettingsBody,
        response: { 200: Envelope(SettingsSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const values: Record<(typeof KEYS)[number], string | null> = {
        default: null,
        android: null,
        ios: null,
        windows: null,
      };
      const bad: { key: string; problem: string }[] = [];
      for (const key of KEYS) {
        const value = request.body[key]?.trim();
        if (!value) continue;
        // A public http(s) address: the redirector never sends visitors inside the network.
        const problem = redirectTargetProblem(value);
        if (problem) bad.push({ key, problem });
        values[key] = value;
      }
      if (bad.length > 0) {
        throw fieldError((lang) =>
          bad.map(({ key, problem }) => ({ path: `/${key}`, message: validationMessage(problem, lang) })),
        );
      }
      const row = {
        project_id: project.id,
        default_url: values.default,
        android_url: values.android,
        ios_url: values.ios,
        windows_url: values.windows,
        updated_at: app.ctx.now().toISOString(),
      };
      await db
        .insertInto('redirect_settings')
        .values(row)
        .onConflict((oc) =>
          oc.column('project_id').doUpdateSet({
            default_url: row.default_url,
            android_url: row.android_url,
            ios_url: row.ios_url,
            windows_url: row.windows_url,
            updated_at: row.updated_at,
          }),
        )
        .execute();
      app.deepLinks.cache.invalidate(project.id, project.domainPrefix);
      return ok(await read(project.id));
    },
  );
};
