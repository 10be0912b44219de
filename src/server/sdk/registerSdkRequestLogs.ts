import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomId } from '../db/randomId';
import { maskBody, maskHeaders, maskUrl, storable, truncate } from './maskSecrets';
import { RequestLogQueue } from './requestLogQueue';
import { sdkCallOf } from './requireAccessKey';

declare module 'fastify' {
  interface FastifyInstance {
    /** API request log rows of X-Access-Key calls; `flush()` writes the waiting ones (tests). */
    sdkRequestLogs: RequestLogQueue;
  }
}

const responses = new WeakMap<FastifyRequest, string>();

function errorOf(status: number, response: string | undefined): string | null {
  if (status < 400) {
    // A batch whose every event was refused is a failed call too (integration status "failed").
    if (!response?.includes('"accepted":0,')) return null;
    try {
      const body = JSON.parse(response) as { data?: { rejected?: { reason?: string; message?: string }[] } };
      const first = body.data?.rejected?.[0];
      return first ? `all events rejected: ${first.reason ?? ''}: ${first.message ?? ''}` : null;
    } catch {
      return null;
    }
  }
  try {
    const body = JSON.parse(response ?? '') as { msg?: string; data?: { error?: string } };
    return [body.data?.error, body.msg].filter(Boolean).join(': ') || `HTTP ${status}`;
  } catch {
    return `HTTP ${status}`;
  }
}

/**
 * App-wide hooks that log every call of an X-Access-Key endpoint once `requireAccessKey` tied it
 * to a project (refusals included): time, method, path, caller address, masked headers, masked
 * and truncated request and response bodies, status and error. Rows are queued, not awaited.
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
    // A refused event's field path may hold the NUL it was refused for.
    const error = errorOf(reply.statusCode, response);
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
      error: error === null ? null : storable(error),
      headers: JSON.stringify(maskHeaders(request.headers)),
    });
  });
}
