import type { UserAgentInfo } from '../userAgent';

/** What init() set up, shared by the SDK's modules (one client per page). */
export const state = {
  key: '',
  /** The console's origin, without a trailing slash. */
  base: '',
  debug: false,
  deviceId: '',
  userId: null as string | null,
  flushInterval: 3000,
  maxBatch: 50,
  ua: { platform: 'desktop', bot: false, os: '', osVersion: '' } as UserAgentInfo,
};

export function log(...args: unknown[]): void {
  if (state.debug) console.log('[gc]', ...args);
}

/** An SDK endpoint of the console with the access key in the query (sendBeacon sends no headers). */
export const sdkUrl = (path: string) =>
  `${state.base}/api/sdk/v1/${path}?accessKey=${encodeURIComponent(state.key)}`;

/** The page's URL as the public endpoints take it (at most 2000 characters). */
export const pageUrl = () => location.href.slice(0, 2000);
