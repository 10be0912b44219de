import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSERS, ROBOTS } from '../testUserAgents';

// The SDK's client against stand-ins for the browser: storage, fetch, sendBeacon and page events.
const IPHONE = BROWSERS[0][0];

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (key: string) => this.data.get(key) ?? null;
  setItem = (key: string, value: string) => void this.data.set(key, String(value));
  removeItem = (key: string) => void this.data.delete(key);
}

interface Sent {
  url: string;
  body: { events: Array<Record<string, unknown>> } & Record<string, unknown>;
}

let local: MemoryStorage;
let session: MemoryStorage;
let listeners: Record<string, Array<() => void>>;
let fetched: Sent[];
let beacons: Sent[];
let answers: Array<number | Error | { status: number; body: unknown }>;
let beaconAccepts: boolean;

function browser(userAgent = IPHONE) {
  listeners = {};
  fetched = [];
  beacons = [];
  answers = [];
  beaconAccepts = true;
  vi.stubGlobal('window', {});
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('location', new URL('https://shop.example.com/item?id=9&utm_source=news'));
  vi.stubGlobal('document', {
    title: 'Item 9',
    referrer: 'https://www.google.com/',
    visibilityState: 'visible',
  });
  vi.stubGlobal('navigator', {
    userAgent,
    language: 'en-US',
    maxTouchPoints: 5,
    onLine: true,
    sendBeacon: (url: string, body: string) => {
      if (beaconAccepts) beacons.push({ url, body: JSON.parse(body) });
      return beaconAccepts;
    },
  });
  vi.stubGlobal('addEventListener', (type: string, fn: () => void) => (listeners[type] ??= []).push(fn));
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    fetched.push({ url, body: JSON.parse(init.body) });
    const answer = answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    const { status, body } = typeof answer === 'number' ? { status: answer, body: {} } : answer;
    return { status, ok: status < 300, json: async () => ({ code: 0, data: body }) };
  });
}

async function sdk() {
  vi.resetModules();
  const client = await import('./client');
  const queue = await import('./eventQueue');
  const attribution = await import('./attribution');
  return { ...client, ...queue, ...attribution };
}

const ids = (sent: Sent) => sent.body.events.map((e) => e.eventId);
const stored = () => JSON.parse(local.getItem('gc_q') ?? '[]') as Array<Record<string, unknown>>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 2, 1, 8));
  local = new MemoryStorage();
  session = new MemoryStorage();
  browser();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('events', () => {
  it('records a page view on init and sends it as an SdkEvent after the flush interval', async () => {
    const { startClient } = await sdk();
    expect(startClient({ accessKey: 'k 1', baseUrl: 'https://console.example.com/' })).toBe(true);
    expect(stored()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetched).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched).toHaveLength(1);
    expect(fetched[0].url).toBe('https://console.example.com/api/sdk/v1/events?accessKey=k%201');
    const [event] = fetched[0].body.events;
    expect(event).toEqual({
      eventId: expect.stringMatching(/^[0-9a-z]{20}$/),
      name: 'page_view',
      category: 'standard',
      deviceId: expect.stringMatching(/^[0-9a-z]{20}$/),
      platform: 'web',
      time: expect.stringMatching(/^2026-03-01T\d\d:00:00\.000[+-]\d\d:\d\d$/),
      data: {
        url: 'https://shop.example.com/item?id=9&utm_source=news',
        title: 'Item 9',
        referrer: 'https://www.google.com/',
      },
      sdkVersion: '1.0.0',
      os: 'iOS',
      osVersion: '17.4.1',
      language: 'en-US',
    });
    expect(Date.parse(event.time as string)).toBe(Date.UTC(2026, 2, 1, 8));
    expect(event.deviceId).toBe(local.getItem('gc_did'));
    await vi.runAllTimersAsync();
    expect(stored()).toEqual([]);
  });

  it('records one page view per page, also with two copies of the SDK on it', async () => {
    (await sdk()).startClient({ accessKey: 'k1' });
    (await sdk()).startClient({ accessKey: 'k1' });
    expect(stored().map((e) => e.name)).toEqual(['page_view']);
  });

  it('starts once; later init calls are ignored', async () => {
    const { startClient } = await sdk();
    expect(startClient({ accessKey: 'k1', autoPageView: false })).toBe(true);
    expect(startClient({ accessKey: 'k2' })).toBe(false);
    expect(stored()).toEqual([]);
  });

  it('keeps the device id across page views and marks custom events, with the user id', async () => {
    let client = await sdk();
    client.startClient({ accessKey: 'k1', autoPageView: false });
    const device = local.getItem('gc_did');
    client.setUserId('u-42');
    client.track('signup_click', { plan: 'pro' });
    client = await sdk();
    client.startClient({ accessKey: 'k1', autoPageView: false });
    client.track('purchase', { amount: 9.9 });
    await client.flush();
    const events = fetched[0].body.events;
    expect(events.map((e) => [e.name, e.category, e.userId, e.deviceId])).toEqual([
      ['signup_click', 'custom', 'u-42', device],
      ['purchase', 'standard', 'u-42', device],
    ]);
    client.setUserId(null);
    client.track('open');
    await client.flush();
    expect(fetched[1].body.events[0].userId).toBeUndefined();
  });

  it('sends at once when a batch is full, in batches of maxBatch', async () => {
    const { startClient, track } = await sdk();
    startClient({ accessKey: 'k1', autoPageView: false, maxBatch: 2 });
    track('a');
    expect(fetched).toHaveLength(0);
    track('b');
    track('c');
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched.map((s) => s.body.events.map((e) => e.name))).toEqual([['a', 'b'], ['c']]);
  });

  it('retries network errors, 5xx and 429 with backoff and the same event ids', async () => {
    const { startClient, track } = await sdk();
    startClient({ accessKey: 'k1', autoPageView: false });
    vi.spyOn(Math, 'random').mockReturnValue(1);
    answers = [new TypeError('Failed to fetch'), 503, 429, 200];
    track('a');
    track('b');
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetched).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetched).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s after the first failure
    expect(fetched).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000); // 2 s after the second
    expect(fetched).toHaveLength(3);
    expect(stored()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4000); // 4 s after the third: accepted
    expect(fetched).toHaveLength(4);
    expect(new Set(fetched.map((s) => ids(s).join()))).toEqual(new Set([ids(fetched[0]).join()]));
    expect(stored()).toEqual([]);
    await vi.runAllTimersAsync();
    expect(fetched).toHaveLength(4);
  });

  it('drops a batch answered with another 4xx', async () => {
    const { startClient, track, flush } = await sdk();
    startClient({ accessKey: 'wrong', autoPageView: false });
    answers = [401];
    track('a');
    await flush();
    expect(stored()).toEqual([]);
    await vi.runAllTimersAsync();
    expect(fetched).toHaveLength(1);
  });

  it('keeps unacknowledged events stored so the next page view resends them', async () => {
    let client = await sdk();
    client.startClient({ accessKey: 'k1', autoPageView: false });
    answers = [500];
    client.track('a');
    await client.flush();
    const first = ids(fetched[0]);
    expect(stored().map((e) => e.eventId)).toEqual(first);
    // Reload: a new page with the same storage.
    fetched = [];
    client = await sdk();
    client.startClient({ accessKey: 'k1', autoPageView: false });
    await vi.advanceTimersByTimeAsync(3000);
    expect(ids(fetched[0])).toEqual(first);
    expect(stored()).toEqual([]);
  });

  it("keeps another tab's stored events while acknowledging its own", async () => {
    const { startClient, track, flush } = await sdk();
    startClient({ accessKey: 'k1', autoPageView: false });
    track('a');
    const other = { eventId: 'other-tab', name: 'b' };
    local.setItem('gc_q', JSON.stringify([...stored(), other]));
    await flush();
    expect(stored()).toEqual([other]);
  });

  it('leaves by sendBeacon when the page is hidden or unloaded', async () => {
    const { startClient, track } = await sdk();
    startClient({
      accessKey: 'k1',
      baseUrl: 'https://console.example.com',
      autoPageView: false,
      maxBatch: 2,
    });
    track('a');
    track('b');
    track('c');
    listeners.pagehide[0]();
    expect(beacons.map((b) => [b.url, b.body.events.map((e) => e.name)])).toEqual([
      ['https://console.example.com/api/sdk/v1/events?accessKey=k1', ['a', 'b']],
      ['https://console.example.com/api/sdk/v1/events?accessKey=k1', ['c']],
    ]);
    expect(stored()).toEqual([]);
    // Hidden: the same; a refused beacon keeps the events stored.
    beaconAccepts = false;
    track('d');
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    listeners.visibilitychange[0]();
    expect(stored().map((e) => e.name)).toEqual(['d']);
  });

  it('records nothing for robots', async () => {
    browser(ROBOTS[0][0]);
    const { startClient, track, flush } = await sdk();
    startClient({ accessKey: 'k1' });
    track('a');
    await flush();
    expect(stored()).toEqual([]);
    expect(fetched).toEqual([]);
  });

  it('records nothing before init', async () => {
    const { track, flush } = await sdk();
    track('a');
    await flush();
    expect(fetched).toEqual([]);
  });
});

describe('getAttribution', () => {
  const ANSWER = {
    matched: true,
    linkId: 'AbC123',
    clickId: 'c1',
    deferredData: { page: 'promo' },
    deeplink: 'app://promo',
    params: { utm_source: 'news' },
  };

  it('reports install on the first visit, answers the match and asks once per session', async () => {
    let client = await sdk();
    client.startClient({ accessKey: 'k1', baseUrl: 'https://console.example.com', autoPageView: false });
    answers = [{ status: 200, body: ANSWER }];
    const first = await client.getAttribution();
    expect(first).toEqual({
      type: 'install',
      matched: true,
      linkId: 'AbC123',
      clickId: 'c1',
      deferredData: { page: 'promo' },
      params: { utm_source: 'news' },
    });
    expect(fetched[0].url).toBe('https://console.example.com/api/sdk/v1/attribution?accessKey=k1');
    expect(fetched[0].body).toEqual({
      type: 'install',
      deviceId: local.getItem('gc_did'),
      platform: 'web',
      userAgent: IPHONE,
    });
    expect(await client.getAttribution()).toEqual(first);
    // Another page of the same session: the stored answer.
    client = await sdk();
    client.startClient({ accessKey: 'k1', autoPageView: false });
    expect(await client.getAttribution()).toEqual(first);
    expect(fetched).toHaveLength(1);
    // A new session: open.
    session = new MemoryStorage();
    vi.stubGlobal('sessionStorage', session);
    client = await sdk();
    client.startClient({ accessKey: 'k1', autoPageView: false });
    answers = [{ status: 200, body: { ...ANSWER, matched: false } }];
    expect((await client.getAttribution()).type).toBe('open');
    expect(fetched[1].body.type).toBe('open');
  });

  it('passes a click_id of the page, rejects on failure and asks again next time', async () => {
    vi.stubGlobal('location', new URL('https://shop.example.com/?click_id=c9'));
    const client = await sdk();
    client.startClient({ accessKey: 'k1', autoPageView: false });
    answers = [503, { status: 200, body: ANSWER }];
    await expect(client.getAttribution()).rejects.toThrow(/503/);
    expect(local.getItem('gc_ai')).toBeNull();
    expect((await client.getAttribution()).type).toBe('install');
    expect(fetched.map((s) => s.body.clickId)).toEqual(['c9', 'c9']);
  });

  it('rejects before init', async () => {
    const client = await sdk();
    await expect(client.getAttribution()).rejects.toThrow(/init/);
  });
});
