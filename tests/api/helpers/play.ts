import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { projectApiSecret } from '../../../src/server/play/apiSecret';
import type { Envelope } from './api';

export interface PlaySession {
  token: string;
  participant: { code: string; userId: string | null; anonymous: boolean };
}

/** The hand-off signature a customer's server computes (docs/integration-guide.md). */
export function signHandoff(secret: string, campaignId: string, userId: string, exp: number): string {
  return createHmac('sha256', secret).update(`${campaignId}.${userId}.${exp}`).digest('base64url');
}

export async function apiSecretOf(app: FastifyInstance, projectId: string): Promise<string> {
  return projectApiSecret(app.ctx.db, projectId);
}

let handoffs = 0;

/** The fields of a signed hand-off for `userId` (a fresh signature each call). */
export function signHandoffFor(app: FastifyInstance, secret: string, campaignId: string, userId: string) {
  const exp = Math.floor(app.ctx.now().getTime() / 1000) + 1000 + (handoffs++ % 3000);
  return { userId, exp, sig: signHandoff(secret, campaignId, userId, exp) };
}

/** Opens a participant session through a signed hand-off; fails the test unless it opens. */
export async function signedSession(
  app: FastifyInstance,
  campaignId: string,
  userId: string,
  secret: string,
  extra: Record<string, unknown> = {},
): Promise<PlaySession> {
  // Each hand-off signature opens one session: vary exp so two opens in one second differ.
  const exp = Math.floor(app.ctx.now().getTime() / 1000) + 1000 + (handoffs++ % 3000);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/play/v1/sessions',
    payload: { campaignId, userId, exp, sig: signHandoff(secret, campaignId, userId, exp), ...extra },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as Envelope<PlaySession>).data;
}

export interface PlayAnswer<T = Record<string, unknown>> {
  status: number;
  body: Envelope<T> & { data: T & { error?: string } };
}

/** A player action with its idempotency key (a fresh one unless given). */
export async function act<T = Record<string, unknown>>(
  app: FastifyInstance,
  campaignId: string,
  token: string | undefined,
  action: string,
  options: { key?: string; body?: unknown; lang?: string; ip?: string } = {},
): Promise<PlayAnswer<T>> {
  const headers: Record<string, string> = { 'idempotency-key': options.key ?? randomUUID() };
  if (token) headers.authorization = `Participant ${token}`;
  if (options.lang) headers['x-lang'] = options.lang;
  const answer = await app.inject({
    method: 'POST',
    url: `/api/play/v1/campaigns/${campaignId}/actions/${action}`,
    headers,
    payload: (options.body ?? {}) as object,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: answer.statusCode, body: answer.json() as PlayAnswer<T>['body'] };
}

export async function playPage<T = Record<string, unknown>>(
  app: FastifyInstance,
  campaignId: string,
  token?: string,
  query = '',
): Promise<PlayAnswer<T>> {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/play/v1/campaigns/${campaignId}${query}`,
    headers: token ? { authorization: `Participant ${token}` } : {},
  });
  return { status: answer.statusCode, body: answer.json() as PlayAnswer<T>['body'] };
}
