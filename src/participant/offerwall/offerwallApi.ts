import type { OfferwallSession, Wall, Withdrawal, WithdrawalMethod } from './offerwallTypes';

/** A refused call: the server's message (in the page language), its error key and field problems. */
export class OfferwallApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** `data.error` of the envelope (`ads.balanceTooLow`, ...); `network` when nothing answered. */
    readonly key: string,
    /** Field problems of a validation error: JSON pointer -> message. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface OfferwallApiOptions {
  token?: string | null;
  /** `zh-cn` or `en`: the language of the server's messages. */
  lang: string;
  /** Said when nothing answered (the page's own words). */
  networkText: string;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T & { error?: string; errors?: { path: string; message: string }[] };
}

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  options: OfferwallApiOptions,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-lang': options.lang,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Participant ${options.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new OfferwallApiError(options.networkText, 0, 'network');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new OfferwallApiError(options.networkText, response.status, 'network');
  }
  if (!response.ok || envelope.code !== 0) {
    const fields = Object.fromEntries((envelope.data?.errors ?? []).map((e) => [e.path, e.message]));
    throw new OfferwallApiError(envelope.msg, response.status, envelope.data?.error ?? 'unknown', fields);
  }
  return envelope.data;
}

const enc = encodeURIComponent;
const BASE = '/api/ads/v1/offerwall';

export type SessionInput =
  { projectId: string; userId: string; exp: number; sig: string } | { projectId: string; appToken: string };

export const openOfferwallSession = (input: SessionInput, options: OfferwallApiOptions) =>
  call<OfferwallSession>('POST', `${BASE}/sessions`, options, input);

export function loadWall(projectId: string, lang: string | undefined, options: OfferwallApiOptions) {
  const query = `?projectId=${enc(projectId)}${lang ? `&lang=${enc(lang)}` : ''}`;
  return call<Wall>('GET', `${BASE}${query}`, options);
}

export const openOffer = (accountId: string, offerId: string, options: OfferwallApiOptions) =>
  call<{ url: string; clickId: string }>(
    'POST',
    `${BASE}/offers/${enc(accountId)}/${enc(offerId)}/open`,
    options,
  );

/** A random Idempotency-Key (crypto.getRandomValues works on plain-http pages too). */
export function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * A withdrawal request under one Idempotency-Key, sent again once when the first try got no
 * answer (a dropped connection), so a retry never asks twice.
 */
export async function requestWithdrawal(
  body: { amountMicros: number; method: WithdrawalMethod; account: string },
  key: string,
  options: OfferwallApiOptions,
): Promise<Withdrawal> {
  const send = () =>
    call<Withdrawal>('POST', `${BASE}/withdrawals`, options, body, { 'idempotency-key': key });
  try {
    return await send();
  } catch (error) {
    if (error instanceof OfferwallApiError && error.key === 'network') return send();
    throw error;
  }
}
