import { isInternalHost } from './isInternalHost';
import { parseUrl } from './parseUrl';
import { splitSemicolonList } from './keywords/semicolonList';
import { SCHEMA_ASSET_PREFIX, schemaAssetPath } from './schemaAssetUrl';

/**
 * What an address is for: `http` an http(s) address the server calls or sends visitors to
 * (`www.…` counts as `https://www.…`), `image` an http(s) image, the console's own
 * `/uploads/…` file or the schema folders' artwork `/schema-assets/…`, `appScheme` an app
 * address `name://…` (`appSchemes`: a semicolon list).
 */
export type UrlKind = 'http' | 'image' | 'appScheme' | 'appSchemes';

/** `urlRule` values: the `UrlKind`s, and `callback` (`http` for an address the server calls). */
export type UrlRuleKind = UrlKind | 'callback';

/**
 * Why an address is refused: `shape` it does not look like the kind at all (schemas say so with
 * their own pattern), `invalid` it looks right but does not parse, `private` its host is
 * internal, `forbiddenScheme` a scheme that runs code or reads local data.
 */
export type UrlReason = 'shape' | 'invalid' | 'private' | 'forbiddenScheme';

export interface UrlIssue {
  reason: UrlReason;
  /** Catalogue key in locales/x/validation.json. */
  messageKey: string;
  params: Record<string, unknown>;
}

/** Schemes an app address must never use: they run script, read local data or are no app. */
export const FORBIDDEN_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'vbscript',
  'data',
  'file',
  'about',
  'blob',
  'filesystem',
  'view-source',
  'jar',
]);

const SHAPE_KEY: Record<UrlKind, string> = {
  http: 'httpUrl',
  image: 'imageUrl',
  appScheme: 'schemeUrl',
  appSchemes: 'schemeUrl',
};
// RFC 3986 scheme, then `://` and no white space.
const APP_SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/\S*$/;
const HTTP_START = /^(https?:\/\/|www\.)/i;
// Characters no address may hold: white space (Unicode's too) and control characters.
const BLANK_OR_CONTROL = /[\s\p{Cc}]/u;

function issue(kind: UrlKind, reason: UrlReason, params: Record<string, unknown> = {}): UrlIssue {
  const messageKey =
    reason === 'private'
      ? 'urlPrivateHost'
      : reason === 'forbiddenScheme'
        ? 'schemeForbidden'
        : SHAPE_KEY[kind];
  return { reason, messageKey, params };
}

/** The absolute http(s) form of an address (`www.x` -> `https://www.x`), or undefined. */
export function absoluteHttpUrl(value: string): string | undefined {
  if (!HTTP_START.test(value) || BLANK_OR_CONTROL.test(value)) return undefined;
  const url = parseUrl(/^www\./i.test(value) ? `https://${value}` : value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return undefined;
  return url.href;
}

function httpIssue(kind: UrlKind, value: string): UrlIssue | undefined {
  if (!HTTP_START.test(value) || BLANK_OR_CONTROL.test(value)) return issue(kind, 'shape');
  const href = absoluteHttpUrl(value);
  if (!href) return issue(kind, 'invalid');
  const url = parseUrl(href);
  if (!url || isInternalHost(url.hostname)) return issue(kind, 'private', { host: url?.hostname ?? '' });
  return undefined;
}

function imageIssue(value: string): UrlIssue | undefined {
  if (/^https?:\/\//i.test(value)) return httpIssue('image', value);
  // Artwork of the schema folders: exactly the served shape (schemaAssetUrl.ts).
  if (value.startsWith(SCHEMA_ASSET_PREFIX)) {
    if (BLANK_OR_CONTROL.test(value)) return issue('image', 'shape');
    return schemaAssetPath(value) ? undefined : issue('image', 'invalid');
  }
  // The console's own uploads: one path, no host, no way up or out.
  if (!/^\/uploads\/[^/\\]/.test(value) || BLANK_OR_CONTROL.test(value)) return issue('image', 'shape');
  if (/\\|\/\/|(^|\/)\.\.?(\/|$)|%2e|%2f|%5c/i.test(value)) return issue('image', 'invalid');
  return undefined;
}

function appSchemeIssue(kind: UrlKind, value: string): UrlIssue | undefined {
  const match = APP_SCHEME.exec(value);
  if (!match || BLANK_OR_CONTROL.test(value)) return issue(kind, 'shape', { value });
  const scheme = match[1].toLowerCase();
  if (FORBIDDEN_SCHEMES.has(scheme)) return issue(kind, 'forbiddenScheme', { scheme, value });
  if (scheme === 'http' || scheme === 'https') {
    const problem = httpIssue(kind, value);
    return problem && { ...problem, params: { ...problem.params, value } };
  }
  return undefined;
}

/**
 * What is wrong with an address of a kind, or undefined when it is fine. Pure (no DNS): hosts
 * are judged as written, after WHATWG URL normalisation, so every spelling of an internal IP
 * (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`, `[::ffff:127.0.0.1]`) counts as internal.
 * Leading or trailing white space is refused, never trimmed here.
 */
export function urlProblem(value: string, kind: UrlKind): UrlIssue | undefined {
  switch (kind) {
    case 'http':
      return httpIssue(kind, value);
    case 'image':
      return imageIssue(value);
    case 'appScheme':
      return appSchemeIssue(kind, value);
    case 'appSchemes':
      for (const item of splitSemicolonList(value)) {
        const problem = appSchemeIssue(kind, item);
        if (problem) return problem;
      }
      return undefined;
  }
}

/**
 * `urlProblem` for a `urlRule` kind. `callback` is `http` for an address the server calls: its
 * internal-host message (`callbackPrivateHost`) also says how a test server allows one
 * (ALLOW_PRIVATE_CALLBACKS=1) and what that risks. Whether private callbacks are allowed is the
 * caller's to decide (the issue keeps `reason: 'private'`).
 */
export function urlRuleProblem(value: string, rule: UrlRuleKind): UrlIssue | undefined {
  const problem = urlProblem(value, rule === 'callback' ? 'http' : rule);
  if (rule === 'callback' && problem?.reason === 'private')
    return { ...problem, messageKey: 'callbackPrivateHost' };
  return problem;
}
