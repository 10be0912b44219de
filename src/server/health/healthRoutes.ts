import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { Envelope, errorResponses, ok } from '../http/envelope';
import { AppError } from '../errors';

const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  db: Type.Enum(['sqlite', 'postgres']),
  version: Type.String(),
});

/** Liveness with a real database round trip. */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Server and database are up',
        response: { 200: Envelope(HealthSchema), ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await sql`select 1`.execute(app.ctx.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('serviceUnavailable');
      }
      return ok({ status: 'ok' as const, db: app.ctx.dbKind, version: app.ctx.version });
    },
  );
};
