import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomId } from '../db/randomId';
import { maskBody, maskHeaders, maskUrl, truncate } from './maskSecrets';
import { RequestLogQueue } from './requestLogQueue';
import { sdkCallOf } from './requireAccessKey';
import { answerProblem, notedCallProblem, storedProblem } from './callProblem';

declare module 'fastify' {
  interface FastifyInstance {
    /** API request log rows of X-Access-Key calls; `flush()` writes the waiting ones (tests). */
    sdkRequestLogs: RequestLogQueue;
  }
}

const responses = new WeakMap<FastifyRequest, string>();

/**
 * App-wide hooks that log every call of an X-Access-Key endpoint once `requireAccessKey` tied it
 * to a project (refusals included): time, method, path, caller address, masked headers, masked
 * and truncated request and response bodies, status and the problem (`callProblem.ts`: a code
 * and parameters, never a sentence in one language). Rows are queued, not awaited.
 */
export function registerSdkRequestLogs(app: FastifyInstance, options: { intervalMs?: number } = {}): void {
  const queue = new RequestLogQueue({
    db: app.ctx.db,
    log: app.log,
    now: app.ctx.now,
    intervalMs: options.intervalMs,
  });
  app.decorate('sdkRequestLogs', queue);
  app.addHook('onClose', async () => queue.close());

  app.addHook('onSend', async (request, _reply, payload) => {
    if (sdkCallOf(request) && typeof payload === 'string') responses.set(request, payload);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const call = sdkCallOf(request);
    if (!call) return;
    const response = responses.get(request);
    // A refused call's problem comes from its answer; a batch's refused events from the route.
    const problem =
      reply.statusCode >= 400 ? answerProblem(reply.statusCode, response) : notedCallProblem(request);
    queue.push({
      id: randomId(),
      project_id: call.projectId,
      time: app.ctx.now().toISOString(),
      method: request.method,
      path: truncate(maskUrl(request.url), 512),
      ip: request.ip,
      status: reply.statusCode,
      duration_ms: Math.max(0, Math.round(Date.now() - call.startedAt)),
      request: maskBody(request.body),
      response: response === undefined ? null : maskBody(response),
      // JSON escapes control characters: a refused field path's NUL is stored as text.
      error: problem ? storedProblem(problem) : null,
      headers: JSON.stringify(maskHeaders(request.headers)),
    });
  });
}
