import type { DrawAnswer, PageData, ParticipantInfo, PlayerView, RewardView } from './playTypes';
import { randomId } from '../session/randomId';

/** A failed call: the server's message (already in the page language) and its error key. */
export class PlayApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** `data.error` of the envelope (`play.noChances`, ...); `network` when nothing answered. */
    readonly key: string,
    /** Field problems of a validation error: JSON pointer -> message. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ApiOptions {
  /** The participant session token, when there is one. */
  token?: string | null;
  /** `zh-cn` or `en`: the language of the server's messages. */
  lang: string;
  /** Said when nothing answered (the app's own words). */
  networkText: string;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** How far the server's clock is ahead of this device's, in ms (from the Date header). */
let clockSkew = 0;
export const serverNow = () => Date.now() + clockSkew;

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  options: ApiOptions,
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
    throw new PlayApiError(options.networkText, 0, 'network');
  }
  const date = Date.parse(response.headers.get('date') ?? '');
  if (!Number.isNaN(date)) clockSkew = date - Date.now();
  let envelope: Envelope<T & { error?: string; errors?: { path: string; message: string }[] }>;
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new PlayApiError(options.networkText, response.status, 'network');
  }
  if (!response.ok || envelope.code !== 0) {
    const fields = Object.fromEntries((envelope.data?.errors ?? []).map((e) => [e.path, e.message]));
    throw new PlayApiError(envelope.msg, response.status, envelope.data?.error ?? 'unknown', fields);
  }
  return envelope.data;
}

const enc = encodeURIComponent;

export interface SessionInput {
  campaignId: string;
  userId?: string;
  exp?: number;
  sig?: string;
  appToken?: string;
  deviceId?: string;
  ch?: string;
  inviter?: string;
}

export function openSession(input: SessionInput, options: ApiOptions) {
  return call<{ token: string; participant: ParticipantInfo }>(
    'POST',
    '/api/play/v1/sessions',
    options,
    input,
  );
}

export function loadPage(
  campaignId: string,
  query: { lang?: string; preview?: string; ch?: string; inviter?: string },
  options: ApiOptions,
) {
  const search = Object.entries(query)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${enc(value as string)}`)
    .join('&');
  return call<PageData>(
    'GET',
    `/api/play/v1/campaigns/${enc(campaignId)}${search ? `?${search}` : ''}`,
    options,
  );
}

/**
 * One player action, once: the Idempotency-Key is made here and sent again when the first try got
 * no answer (a dropped connection), so a retried draw never spends a second chance.
 */
export async function act<R>(campaignId: string, action: string, body: object, options: ApiOptions) {
  const key = randomId(24);
  const send = () =>
    call<{ result: R; me: PlayerView }>(
      'POST',
      `/api/play/v1/campaigns/${enc(campaignId)}/actions/${enc(action)}`,
      options,
      body,
      { 'idempotency-key': key },
    );
  try {
    return await send();
  } catch (error) {
    if (error instanceof PlayApiError && error.key === 'network') return send();
    throw error;
  }
}

export const draw = (campaignId: string, options: ApiOptions) =>
  act<DrawAnswer>(campaignId, 'draw', {}, options);

export const share = (campaignId: string, channel: string, options: ApiOptions) =>
  act<{ granted: number }>(campaignId, 'share', { channel }, options);

export function submitRewardForm(
  campaignId: string,
  rewardId: string,
  values: Record<string, string>,
  options: ApiOptions,
) {
  return call<{ reward: RewardView }>(
    'POST',
    `/api/play/v1/campaigns/${enc(campaignId)}/rewards/${enc(rewardId)}/form`,
    options,
    { values },
  );
}
