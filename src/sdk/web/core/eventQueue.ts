import { post, beacon } from './send';
import { load, save } from './storage';
import { log, sdkUrl, state } from './state';

/** One event as POST /api/sdk/v1/events takes it (docs/sdk-and-analytics.md, SdkEvent). */
export interface SdkEvent {
  eventId: string;
  name: string;
  category: 'standard' | 'custom';
  deviceId: string;
  userId?: string;
  platform: 'web';
  time: string;
  data?: Record<string, unknown>;
  sdkVersion: string;
  os?: string;
  osVersion?: string;
  language?: string;
}

const KEY = 'gc_q';
// Events older than 90 days are refused anyway; a device offline for long keeps the newest.
const MAX_STORED = 1000;

let queue: SdkEvent[] = [];
// Ids this page saw acknowledged (or refused for good): another tab's stored copy drops them too.
const done = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;
let sending: Promise<void> | undefined;
let failures = 0;

function stored(): SdkEvent[] {
  try {
    return JSON.parse(load(KEY) || '[]');
  } catch {
    return [];
  }
}

// Several tabs share the stored queue: keep what the others stored, add ours, drop what is done.
function persist(): void {
  const ours = new Set(queue.map((e) => e.eventId));
  const all = stored()
    .filter((e) => !done.has(e.eventId) && !ours.has(e.eventId))
    .concat(queue)
    .slice(-MAX_STORED);
  save(KEY, all.length ? JSON.stringify(all) : null);
}

function acknowledge(batch: SdkEvent[]): void {
  for (const e of batch) done.add(e.eventId);
  queue = queue.filter((e) => !done.has(e.eventId));
  persist();
}

function schedule(ms: number): void {
  timer ??= setTimeout(() => {
    timer = undefined;
    void flush();
  }, ms);
}

/** Adopts the events earlier page views stored and did not get acknowledged (they are resent). */
export function restoreQueue(): void {
  queue = stored();
  if (queue.length) schedule(state.flushInterval);
}

export function enqueue(event: SdkEvent): void {
  queue.push(event);
  persist();
  if (queue.length >= state.maxBatch) void flush();
  else schedule(state.flushInterval);
}

async function send(): Promise<void> {
  while (queue.length) {
    const batch = queue.slice(0, state.maxBatch);
    let status = 0;
    try {
      const answer = await post(sdkUrl('events'), { events: batch });
      status = answer.status;
      // The answer names refused events (unknown custom keys, bad data): worth seeing while integrating.
      if (state.debug) log('sent', status, await answer.json().catch(() => null));
    } catch {
      // offline or refused by CORS: retried
    }
    if (!status || status >= 500 || status === 429) {
      // Backoff 1 s, 2 s, 4 s ... 60 s (with jitter); the retry sends the same event ids.
      const delay = Math.min(6e4, 1e3 * 2 ** failures++) * (0.5 + Math.random() / 2);
      log('send failed', status, 'retry in', Math.round(delay), 'ms');
      clearTimeout(timer);
      timer = undefined;
      schedule(delay);
      return;
    }
    failures = 0;
    // Other 4xx (bad key, IP not allowed, invalid batch) would fail again: dropped.
    if (status >= 300) log('events dropped', status);
    acknowledge(batch);
  }
}

/** Sends the queued events now; resolves once they are acknowledged or a retry is scheduled. */
export function flush(): Promise<void> {
  return (sending ??= send().finally(() => (sending = undefined)));
}

/**
 * The page is going away (hidden or unloaded): the queue leaves by sendBeacon, whose answer
 * cannot be read; what the browser accepted counts as sent, the rest stays stored for the next page.
 */
export function flushByBeacon(): void {
  if (navigator.onLine === false) return;
  const sent: SdkEvent[] = [];
  for (let i = 0; i < queue.length; i += state.maxBatch) {
    const batch = queue.slice(i, i + state.maxBatch);
    if (beacon(sdkUrl('events'), { events: batch })) sent.push(...batch);
  }
  if (sent.length) acknowledge(sent);
}
