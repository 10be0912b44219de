import { createHash } from 'node:crypto';
import type { AppContext } from '../appContext';
import { postForText } from '../http/postForText';
import {
  privateCallbacksAllowed,
  resolvePublicHttpUrl,
  UrlNotAllowedError,
} from '../http/assertPublicHttpUrl';
import { AppError } from '../errors';

/** Who an app token names, as the project's token callback answered. */
export interface TokenIdentity {
  userId: string;
  userType: string | null;
}

/** Answers are cached this long per project and token, so a page load asks the callback once. */
export const TOKEN_CACHE_MS = 60_000;
const MAX_CACHED = 10_000;
const cache = new Map<string, { at: number; identity: TokenIdentity }>();

const USER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;

function readIdentity(text: string): TokenIdentity | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const envelope = body as { code?: unknown; data?: unknown };
  // `{ code: 0, data: { userId } }` (the console's own envelope) or a bare `{ userId }`.
  const data = (
    'data' in envelope && envelope.data && typeof envelope.data === 'object' ? envelope.data : body
  ) as { userId?: unknown; userType?: unknown };
  if ('code' in envelope && envelope.code !== 0 && envelope.code !== '0') return undefined;
  const userId = typeof data.userId === 'number' ? String(data.userId) : data.userId;
  if (typeof userId !== 'string' || !USER_ID.test(userId)) return undefined;
  const userType = typeof data.userType === 'string' && data.userType.length <= 50 ? data.userType : null;
  return { userId, userType };
}

/**
 * Asks the project's token callback who an app token belongs to: POST `{ token, campaignId }`
 * (`campaignId` null for the offerwall, which is no campaign), answer
 * `{ code: 0, data: { userId, userType? } }` (or `{ userId }`). Public addresses only,
 * checked when called; answers cached briefly. Failures answer "failed to retrieve token"
 * (`play.tokenCallbackFailed` with the reason; `play.tokenCallbackMissing` when none is set).
 */
export async function resolveAppToken(
  ctx: Pick<AppContext, 'db' | 'now' | 'resolveHost'>,
  projectId: string,
  campaignId: string | null,
  appToken: string,
): Promise<TokenIdentity> {
  const key = `${projectId}:${createHash('sha256').update(appToken).digest('hex')}`;
  const nowMs = ctx.now().getTime();
  const hit = cache.get(key);
  if (hit && nowMs - hit.at < TOKEN_CACHE_MS) return hit.identity;

  const config = await ctx.db
    .selectFrom('dev_configs')
    .select('token_callback_url')
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  const url = config?.token_callback_url;
  if (!url) throw new AppError('play.tokenCallbackMissing');
  let answer: { status: number; text: string };
  try {
    const target = await resolvePublicHttpUrl(url, {
      allowPrivate: privateCallbacksAllowed(),
      lookup: ctx.resolveHost,
    });
    answer = await postForText(target, JSON.stringify({ token: appToken, campaignId }), {
      timeoutMs: 5000,
      userAgent: 'GrowthConsole-TokenCallback/1',
    });
  } catch (cause) {
    const reason =
      cause instanceof UrlNotAllowedError
        ? 'not a public address (ALLOW_PRIVATE_CALLBACKS=1 allows one on a test server)'
        : cause instanceof Error
          ? cause.message
          : 'error';
    throw new AppError('play.tokenCallbackFailed', { params: { reason: reason.slice(0, 100) } });
  }
  if (answer.status === 401 || answer.status === 403 || answer.status === 404)
    throw new AppError('play.unauthorized');
  if (answer.status < 200 || answer.status >= 300) {
    throw new AppError('play.tokenCallbackFailed', { params: { reason: `HTTP ${answer.status}` } });
  }
  const identity = readIdentity(answer.text);
  if (!identity) throw new AppError('play.unauthorized');
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, { at: nowMs, identity });
  return identity;
}
