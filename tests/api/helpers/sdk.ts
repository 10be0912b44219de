import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
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
