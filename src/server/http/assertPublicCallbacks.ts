import type { AppContext } from '../appContext';
import { AppError, errorMessage, type ErrorKey } from '../errors';
import { privateCallbacksAllowed, resolvePublicHttpUrl, UrlNotAllowedError } from './assertPublicHttpUrl';

/** An address the server will call, and where it sits in the request body (JSON pointer). */
export interface OutboundUrl {
  path: string;
  url: string;
}

function pointerSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Every `callbackUrl` string in a config (prizes, a campaign's prize lists and delivery settings,
 * a link template), with its JSON pointer: the addresses the server will call for it.
 */
export function callbackUrlsOf(config: unknown, path = ''): OutboundUrl[] {
  if (Array.isArray(config)) return config.flatMap((item, i) => callbackUrlsOf(item, `${path}/${i}`));
  if (!config || typeof config !== 'object') return [];
  return Object.entries(config as Record<string, unknown>).flatMap(([key, value]) => {
    const at = `${path}/${pointerSegment(key)}`;
    if (key === 'callbackUrl' && typeof value === 'string')
      return value === '' ? [] : [{ path: at, url: value }];
    return callbackUrlsOf(value, at);
  });
}

/**
 * The save-time half of the outbound-address rule (the send re-checks): each address must be
 * http(s) to a host whose every DNS answer is public (`resolvePublicHttpUrl`), unless
 * ALLOW_PRIVATE_CALLBACKS=1. Refuses with 400 `callback.notPublic` (or `callback.unresolvable`
 * when every refusal is a name that does not resolve) naming each refused field.
 */
export async function assertPublicCallbacks(ctx: Pick<AppContext, 'resolveHost'>, urls: OutboundUrl[]) {
  if (urls.length === 0) return;
  const allowPrivate = privateCallbacksAllowed();
  const refused: { path: string; key: ErrorKey }[] = [];
  await Promise.all(
    urls.map(async ({ path, url }) => {
      try {
        await resolvePublicHttpUrl(url, { allowPrivate, lookup: ctx.resolveHost });
      } catch (error) {
        if (!(error instanceof UrlNotAllowedError)) throw error;
        refused.push({
          path,
          key: error.reason === 'unresolvable' ? 'callback.unresolvable' : 'callback.notPublic',
        });
      }
    }),
  );
  if (refused.length === 0) return;
  refused.sort((a, b) => a.path.localeCompare(b.path));
  const key = refused.every((r) => r.key === 'callback.unresolvable')
    ? 'callback.unresolvable'
    : 'callback.notPublic';
  throw new AppError(key, {
    errors: (lang) => refused.map((r) => ({ path: r.path, message: errorMessage(r.key, lang) })),
  });
}
