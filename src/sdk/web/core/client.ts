import { isoTime } from '../isoTime';
import { randomId } from '../randomId';
import { parseUserAgent } from '../userAgent';
import { SDK_VERSION } from '../version';
import { enqueue, flushByBeacon, restoreQueue } from './eventQueue';
import { load, save } from './storage';
import { log, state } from './state';

export interface InitOptions {
  /** The project's access key (Access key page). */
  accessKey: string;
  /** The console's origin; default: the origin the script was loaded from, else the page's. */
  baseUrl?: string;
  /** Records a `page_view` on init (default true). */
  autoPageView?: boolean;
  /** Milliseconds between sends of queued events (default 3000). */
  flushInterval?: number;
  /** Events per request; a full batch is sent at once (default 50, at most 500). */
  maxBatch?: number;
  /** Logs what the SDK does to the console. */
  debug?: boolean;
  /** A Turbo Script id: rewrites the page's links. */
  script?: string;
  /** A Turbo Banner id (gc-banner.js and gc.mjs). */
  banner?: string;
}

/** Event data: at most 50 keys, 4096 characters as JSON. */
export type EventData = Record<string, unknown>;

declare global {
  interface Window {
    /** Set once the page's view is recorded (several copies of the SDK on one page). */
    __gcpv?: number;
  }
}

const STANDARD = ['install', 'open', 'register', 'login', 'launch', 'page_view', 'purchase', 'share'];

/**
 * Records an event (sent in batches). Standard names (install, open, register, login, launch,
 * page_view, purchase, share) are `standard`, any other name is `custom` and must be an event
 * key of the project. Robots' events are not recorded.
 */
export function track(name: string, data?: EventData): void {
  if (!state.key) return log('call init() first');
  if (state.ua.bot) return;
  const { os, osVersion } = state.ua;
  enqueue({
    eventId: randomId(),
    name,
    category: STANDARD.includes(name) ? 'standard' : 'custom',
    deviceId: state.deviceId,
    userId: state.userId || undefined,
    platform: 'web',
    time: isoTime(new Date()),
    data,
    sdkVersion: SDK_VERSION,
    os: os || undefined,
    osVersion: osVersion || undefined,
    language: navigator.language?.slice(0, 16),
  });
}

/** The signed-in user of later events (kept across page views); null when they sign out. */
export function setUserId(id: string | null): void {
  state.userId = id;
  save('gc_uid', id);
}

/** Starts the event client once per page: false when it was started already (or cannot start). */
export function startClient(options: InitOptions): boolean {
  if (state.key || typeof window == 'undefined' || !options?.accessKey) return false;
  state.key = options.accessKey;
  state.base = (options.baseUrl || state.base || location.origin).replace(/\/+$/, '');
  state.debug = !!options.debug;
  state.flushInterval = options.flushInterval || 3000;
  state.maxBatch = Math.min(options.maxBatch || 50, 500);
  state.ua = parseUserAgent(navigator.userAgent, navigator.maxTouchPoints);
  state.deviceId = load('gc_did') || randomId();
  save('gc_did', state.deviceId);
  state.userId = load('gc_uid');
  log('init', state);
  restoreQueue();
  addEventListener('visibilitychange', () => document.visibilityState == 'hidden' && flushByBeacon());
  addEventListener('pagehide', flushByBeacon);
  // One page view per page, also when gc.js and gc-banner.js (two copies) are both on it.
  if (options.autoPageView !== false && !window.__gcpv) {
    window.__gcpv = 1;
    track('page_view', {
      url: location.href.slice(0, 1000),
      title: document.title.slice(0, 200),
      referrer: document.referrer.slice(0, 1000),
    });
  }
  return true;
}
