import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { projectApiSecret } from '../../../src/server/play/apiSecret';
import { call, type Answer } from './api';
import type { SignedIn } from './accounts';

export interface BatchAnswer {
  accepted: number;
  duplicates: number;
  rejected: {
    index: number;
    eventId: string | null;
    reason: string;
    message: string;
    errors?: { path: string; message: string }[];
  }[];
}

/** The project's access key, read through the console API. */
export async function accessKey(app: FastifyInstance, by: SignedIn, projectId: string): Promise<string> {
  const answer = await call<{ accessKey: string }>(app, 'GET', '/api/access-key', {
    token: by.token,
    projectId,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.accessKey;
}

/** Sends an SDK batch the way a phone would. */
export async function sendEvents(
  app: FastifyInstance,
  key: string,
  events: unknown[],
  options: { ip?: string; lang?: 'en' | 'zh-cn'; headers?: Record<string, string> } = {},
): Promise<Answer<BatchAnswer>> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sdk/v1/events',
    headers: {
      'x-access-key': key,
      ...(options.lang ? { 'x-lang': options.lang } : {}),
      ...(options.headers ?? {}),
    },
    payload: { events },
    remoteAddress: options.ip ?? '203.0.113.10',
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

let signed = 0;

/** The Standard Webhooks headers of a server-to-server body, signed with a secret (at an instant). */
export function signedHeaders(secret: string, body: string, at = new Date()): Record<string, string> {
  signed += 1;
  const id = `msg_test_${signed}`;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/**
 * Sends a batch the way the project's server would: the same events, signed with the project's API
 * secret (read from the database for the project the access key names), so they move progress
 * that takes the server's word only.
 */
export async function sendServerEvents(
  app: FastifyInstance,
  key: string,
  events: unknown[],
  options: { ip?: string; lang?: 'en' | 'zh-cn'; secret?: string } = {},
): Promise<Answer<BatchAnswer>> {
  const project = await app.ctx.db
    .selectFrom('projects')
    .select('id')
    .where('access_key', '=', key)
    .executeTakeFirstOrThrow();
  const secret = options.secret ?? (await projectApiSecret(app.ctx.db, project.id));
  const payload = JSON.stringify({ events });
  const response = await app.inject({
    method: 'POST',
    url: '/api/server/v1/events',
    headers: {
      'content-type': 'application/json',
      'x-access-key': key,
      ...(options.lang ? { 'x-lang': options.lang } : {}),
      ...signedHeaders(secret, payload),
    },
    payload,
    remoteAddress: options.ip ?? '198.51.100.20',
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

let counter = 0;

/** An SDK event with a fresh id; override any field. */
export function sdkEvent(fields: Record<string, unknown>): Record<string, unknown> {
  counter += 1;
  return {
    eventId: `ev-${Date.now().toString(36)}-${counter}`,
    name: 'open',
    deviceId: 'device-1',
    platform: 'android',
    time: '2026-03-01T07:00:00.000Z',
    sdkVersion: '2.3.0',
    ...fields,
  };
}
