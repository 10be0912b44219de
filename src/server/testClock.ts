import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, ok } from './http/envelope';

/**
 * A clock browser tests can move forward (seven days of sign-in in seconds). Only `main.ts` with
 * `TEST_CLOCK=1` in the environment uses it, which scripts/e2e.mjs sets for its throwaway server:
 * a production server has neither the offset nor the route.
 */
export function movableClock() {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const routes: FastifyPluginAsyncTypebox = async (app) => {
    app.post(
      '/api/test/clock',
      {
        schema: {
          tags: ['test'],
          summary: 'Moves the server clock forward, or back to the real time (test servers only)',
          body: Type.Object({
            advanceMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 366 * 86_400_000 })),
            reset: Type.Optional(Type.Boolean()),
          }),
          response: { 200: Envelope(Type.Object({ now: Type.String() })) },
        },
      },
      async (request) => {
        if (request.body.reset) offsetMs = 0;
        offsetMs += request.body.advanceMs ?? 0;
        return ok({ now: now().toISOString() });
      },
    );
  };
  return { now, routes };
}
