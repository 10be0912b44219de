import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { IdParams, RequiredText } from '../http/fields';
import { currentProject, requireProject } from '../plugins/auth';
import { PageQuery } from '../links/listQuery';
import { addTestDevice, listTestDevices, removeTestDevice, updateTestDevice } from './testDevices';

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

/** Test devices (name, device id): their events are flagged in the event logs. */
export const testDevicesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['integration'];
  const security = [{ bearer: [] }];
  const { db } = app.ctx;

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
    async (request) => ok(await listTestDevices(db, currentProject(request).id, request.query)),
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
    async (request) => ok(await addTestDevice(db, currentProject(request).id, request.body, app.ctx.now())),
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
    async (request) =>
      ok(
        await updateTestDevice(
          db,
          currentProject(request).id,
          request.params.id,
          request.body,
          app.ctx.now(),
        ),
      ),
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
      await removeTestDevice(db, currentProject(request).id, request.params.id);
      return ok(null);
    },
  );
};
