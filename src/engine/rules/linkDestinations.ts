import { urlProblem } from '../validation/urlProblem';

/** The project's redirect settings (`""`, null or absent = unset). */
export interface FallbackAddresses {
  default?: string | null;
  android?: string | null;
  ios?: string | null;
  windows?: string | null;
}

type Json = Record<string, unknown>;

function object(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** An address the redirector would send a visitor to (http(s) to a public host; `www.` counts). */
function http(value: unknown): boolean {
  const address = text(value);
  return address !== undefined && !urlProblem(address, 'http');
}

/** An app address the redirector would launch (`name://`, never javascript:, data:, ...). */
function scheme(value: unknown): boolean {
  const address = text(value);
  return address !== undefined && !urlProblem(address, 'appScheme');
}

function firstOfList(value: unknown): string | undefined {
  return text(value)
    ?.split(';')
    .map((item) => item.trim())
    .find(Boolean);
}

const PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const STORES = ['huawei', 'xiaomi', 'samsung', 'oppo', 'vivo', 'google-play'];

function anyFallback(fallbacks: FallbackAddresses): boolean {
  return http(fallbacks.default) || http(fallbacks.android) || http(fallbacks.ios) || http(fallbacks.windows);
}

/**
 * Whether links following a link template (entity/link-template config) send at least one kind
 * of visitor somewhere: a store, an app scheme, a homepage, or else the project's redirect
 * settings. The same rules as the redirector's decision (docs/deep-links.md, "Redirector"; a test
 * holds the two together): when this is false every visit ends on the "no destination yet" page.
 * The console warns with it before a save; the server marks saved templates and links with it.
 */
export function templateHasDestination(templateConfig: unknown, fallbacks: FallbackAddresses = {}): boolean {
  const config = object(templateConfig);
  const ios = object(config.ios);
  const android = object(config.android);
  const launches = config.noSchemeLaunch !== true;
  // With a Universal Link (team and bundle id) the installed app opens before the server is
  // asked; the redirector then launches no scheme.
  const universal = text(ios.teamId) !== undefined && text(ios.bundleId) !== undefined;
  const pkg = firstOfList(android.packageNames);
  const stores = Array.isArray(android.stores) && android.stores.some((s) => STORES.includes(String(s)));
  return (
    http(config.h5Homepage) ||
    http(config.pcHomepage) ||
    http(config.windowsStoreUrl) ||
    http(ios.appStoreUrl) ||
    (launches && !universal && scheme(ios.uriScheme)) ||
    (launches && scheme(firstOfList(android.uriSchemes))) ||
    (pkg !== undefined && PACKAGE.test(pkg) && stores) ||
    anyFallback(fallbacks)
  );
}

/**
 * Whether a link (entity/link config) sends at least one kind of visitor somewhere: in custom
 * mode its own addresses or the default redirect setting, else what its template offers.
 */
export function linkHasDestination(
  linkConfig: unknown,
  templateConfig: unknown,
  fallbacks: FallbackAddresses = {},
): boolean {
  const config = object(linkConfig);
  if (config.redirectMode !== 'custom') return templateHasDestination(templateConfig, fallbacks);
  const redirects = object(config.redirects);
  return ['default', 'ios', 'android', 'web'].some((key) => http(redirects[key])) || http(fallbacks.default);
}
