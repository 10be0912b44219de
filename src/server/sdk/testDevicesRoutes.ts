import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import { AppError, errorMessage } from '../errors';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import { currentProject, requireProject } from '../plugins/auth';
import { containsText, PageQuery, pageWindow } from '../links/listQuery';
import type { TestDevicesTable } from './sdkTables';

const Body = Type.Object({
  name: RequiredText(30),
  deviceId: Type.String({
    minLength: 1,
    maxLength: 128,
    pattern: '\\S',
    description: 'The id the SDK reports as deviceId',
  }),
});
const DeviceSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  deviceId: Type.String(),
  lastSeenAt: Type.Union([Type.String(), Type.Null()], {
    description: 'Last event received from this device',
  }),
  platform: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const taken = () =>
  new AppError('testDeviceTaken', {
    errors: (lang) => [{ path: '/deviceId', message: errorMessage('testDeviceTaken', lang) }],
  });

/** Test devices (name, device id): their events are flagged in the event logs. */
export const testDevicesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['integration'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

  async function views(projectId: string, rows: TestDevicesTable[]) {
    const seen =
      rows.length === 0
        ? []
        : await db
            .selectFrom('sdk_devices')
            .select(['device_id', 'last_time', 'platform'])
            .where('project_id', '=', projectId)
            .where(
              'device_id',
              'in',
              rows.map((r) => r.device_id),
            )
            .execute();
    const byId = new Map(seen.map((s) => [s.device_id, s]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      deviceId: r.device_id,
      lastSeenAt: byId.get(r.device_id)?.last_time ?? null,
      platform: byId.get(r.device_id)?.platform ?? null,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
  }

  async function find(projectId: string, id: string) {
    const row = await db
      .selectFrom('test_devices')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('notFound');
    return row;
  }

  app.get(
    '/api/test-devices',
    {
      onRequest: requireProject('view'),
      schema: {
        tags,
        security,
        summary: 'Test devices, newest first',
        querystring: Type.Object({ ...PageQuery, q: Type.Optional(Type.String({ maxLength: 128 })) }),
        response: {
          200: Envelope(Type.Object({ items: Type.Array(DeviceSchema), total: Type.Integer() })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const project = currentProject(request);
      let query = db.selectFrom('test_devices').where('project_id', '=', project.id);
      const q = request.query.q?.trim();
      if (q) query = query.where((eb) => eb.or([containsText('name', q), containsText('device_id', q)]));
      const { limit, offset } = pageWindow(request.query);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
        query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({ items: await views(project.id, rows), total: Number(total.n) });
    },
  );

  app.post(
    '/api/test-devices',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Add a test device',
        body: Body,
        response: { 200: Envelope(DeviceSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const time = app.ctx.now().toISOString();
      const row = {
        id: randomId(),
        project_id: project.id,
        name: request.body.name.trim(),
        device_id: request.body.deviceId.trim(),
        created_at: time,
        updated_at: time,
      };
      try {
        await db.insertInto('test_devices').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return ok((await views(project.id, [row]))[0]);
    },
  );

  app.put(
    '/api/test-devices/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Rename or re-point a test device',
        params: IdParams,
        body: Body,
        response: { 200: Envelope(DeviceSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      await find(project.id, request.params.id);
      try {
        await db
          .updateTable('test_devices')
          .set({
            name: request.body.name.trim(),
            device_id: request.body.deviceId.trim(),
            updated_at: app.ctx.now().toISOString(),
          })
          .where('project_id', '=', project.id)
          .where('id', '=', request.params.id)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      return ok((await views(project.id, [await find(project.id, request.params.id)]))[0]);
    },
  );

  app.delete(
    '/api/test-devices/:id',
    {
      onRequest: requireProject('edit'),
      schema: {
        tags,
        security,
        summary: 'Remove a test device',
        params: IdParams,
        response: { 200: Envelope(Type.Null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const project = currentProject(request);
      await find(project.id, request.params.id);
      await db
        .deleteFrom('test_devices')
        .where('project_id', '=', project.id)
        .where('id', '=', request.params.id)
        .execute();
      return ok(null);
    },
  );
};
