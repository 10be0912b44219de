import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Lang } from '../../engine/validation/lang';
import type { PendingClick } from './clickRows';
import type { Decision } from './decideRedirect';
import type { DeviceInfo } from './deviceOf';
import { landingPage, launchPage, noDestinationPage, notFoundPage, previewPage } from './linkPages';
import { visitorLang } from './pageTexts';
import { sendPage, sendRedirect } from './rawResponses';
import type { ResolvedLink } from './resolvedLink';

const MAX_PARAMS = 30;

/** A request header's first value. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// A visit is never refused for its query string, but control characters are not kept (PostgreSQL
// cannot store NUL: one such click would fail the whole batch of clicks written with it).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * The query parameters a click keeps: the first 30 names (50 characters each, the first value of
 * a repeated name) with their values (200 characters), control characters dropped; null for none.
 */
export function queryParams(url: string): Record<string, string> | null {
  const q = url.indexOf('?');
  if (q === -1 || q === url.length - 1) return null;
  const out: Record<string, string> = {};
  let n = 0;
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    if (n >= MAX_PARAMS) break;
    const name = key.replace(CONTROL, '').slice(0, 50);
    if (name in out) continue;
    out[name] = value.replace(CONTROL, '').slice(0, 200);
    n += 1;
  }
  return n === 0 ? null : out;
}

/** The language of the visitor's pages (a redirect has none: it is asked only for pages). */
export function langOf(req: IncomingMessage): Lang {
  return visitorLang(header(req, 'accept-language'));
}

/** The visitor's country as a proxy in front says it (two letters; `XX`, unknown, is none). */
export function countryOf(req: IncomingMessage): string | null {
  const raw = header(req, 'cf-ipcountry') ?? header(req, 'x-country-code');
  const code = raw?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** One visit of a link: who came, when, and the click id's random part. */
export interface LinkVisit {
  link: ResolvedLink;
  device: DeviceInfo;
  userAgent: string;
  timeMs: number;
  random: number;
  ip: string;
}

/**
 * The click a visit records: its referrer (500 characters), country, query parameters and channel
 * (the `channel` or `utm_source` parameter, else the link's UTM source, else `direct`; 100
 * characters), with the outcome the redirector decided.
 */
export function clickOf(req: IncomingMessage, visit: LinkVisit, decision: Decision): PendingClick {
  const params = queryParams(req.url ?? '');
  return {
    timeMs: visit.timeMs,
    random: visit.random,
    projectId: visit.link.projectId,
    linkRowId: visit.link.id,
    device: visit.device,
    ip: visit.ip,
    userAgent: visit.userAgent,
    referrer: header(req, 'referer')?.slice(0, 500) ?? null,
    country: countryOf(req),
    channel: (params?.channel || params?.utm_source || visit.link.utmSource || 'direct').slice(0, 100),
    params,
    outcome: decision.outcome,
  };
}

/** Answers a visit as decided: a redirect, or a page in the visitor's language. */
export function sendDecision(
  req: IncomingMessage,
  res: ServerResponse,
  visit: Pick<LinkVisit, 'link' | 'device'>,
  decision: Decision,
  head: boolean,
): void {
  switch (decision.kind) {
    case 'redirect':
      return sendRedirect(res, decision.url);
    case 'launch':
      return sendPage(res, 200, launchPage(langOf(req), decision.scheme, decision.fallback), head);
    case 'landing':
      return sendPage(res, 200, landingPage(langOf(req), visit.device.platform === 'ios'), head);
    case 'preview': {
      const { share, url, name } = visit.link;
      return sendPage(res, 200, previewPage(langOf(req), { ...share, url, fallbackTitle: name }), head);
    }
    default:
      // The link exists: its visitor is told it has no destination yet, not that it is unknown.
      return sendPage(res, 404, noDestinationPage(langOf(req)), head);
  }
}

/** The 404 page in the visitor's language. */
export function sendNotFoundPage(req: IncomingMessage, res: ServerResponse, head: boolean): void {
  sendPage(res, 404, notFoundPage(langOf(req)), head);
}
