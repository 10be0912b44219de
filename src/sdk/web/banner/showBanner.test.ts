import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSERS } from '../testUserAgents';
import { parseUserAgent } from '../userAgent';
import type { PublicBanner } from '../types';
import { BANNER_HEIGHT } from './render';
import { dismissedKey, notShownKey, SPACE_ID, spaceCss } from './space';

// showBanner against a stand-in DOM: enough of it for the space, the host and renderBanner.
class FakeNode {
  children: FakeNode[] = [];
  parent: FakeNode | null = null;
  attrs: Record<string, string> = {};
  style: Record<string, string> = {};
  id = '';
  className = '';
  textContent = '';
  href = '';
  type = '';
  dir = '';
  onclick: (() => void) | null = null;
  shadow?: FakeNode;
  constructor(readonly tagName: string) {}
  appendChild(child: FakeNode) {
    child.parent = this;
    this.children.push(child);
    return child;
  }
  remove() {
    if (this.parent) this.parent.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = null;
  }
  setAttribute(name: string, value: string) {
    this.attrs[name] = value;
  }
  getAttribute(name: string) {
    return this.attrs[name] ?? null;
  }
  attachShadow(init: { mode: string }) {
    expect(init.mode).toBe('open');
    return (this.shadow = new FakeNode('#shadow-root'));
  }
  set innerHTML(_: string) {
    this.children = [];
  }
  find(test: (node: FakeNode) => boolean): FakeNode | undefined {
    for (const child of [...this.children, ...(this.shadow ? [this.shadow] : [])]) {
      if (test(child)) return child;
      const found = child.find(test);
      if (found) return found;
    }
    return undefined;
  }
}

const BANNER: PublicBanner = {
  id: 'b1',
  position: 'bottom',
  languages: ['zh-CN', 'en-US'],
  texts: {
    'zh-CN': { title: '打开 App', description: '更快更好', button: '打开' },
    'en-US': { title: 'Get the app', description: 'Faster and better', button: 'Open' },
  },
  rating: 4.5,
  colors: { background: '#ffffff', text: '#111111', button: '#1677ff', buttonText: '#ffffff' },
  radius: 8,
  dismissDays: 7,
  platforms: ['ios', 'android'],
  url: 'http://demo.localhost:3000/AbC123',
  params: { utm_source: 'banner', gc_src: 'banner', gc_tid: 'b1' },
};

let head: FakeNode;
let body: FakeNode;
let storage: Map<string, string>;
let fetched: string[];
let beacons: Array<{ url: string; body: { events: Array<{ id: string; type: string; page: string }> } }>;
let answer: () => Promise<{ status: number; ok: boolean; json(): Promise<unknown> }>;

const NOW = Date.UTC(2026, 2, 1, 8);
const respond = (status: number, data?: unknown) => () =>
  Promise.resolve({ status, ok: status < 300, json: async () => ({ code: 0, data }) });

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  head = new FakeNode('head');
  body = new FakeNode('body');
  storage = new Map();
  fetched = [];
  beacons = [];
  answer = respond(200, BANNER);
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('document', {
    head,
    body,
    createElement: (tag: string) => new FakeNode(tag),
    getElementById: (id: string) => head.find((node) => node.id === id) ?? null,
  });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  vi.stubGlobal('location', new URL('https://shop.example.com/p?utm_campaign=spring'));
  vi.stubGlobal('navigator', {
    languages: ['en-GB', 'en'],
    language: 'en-GB',
    sendBeacon: (url: string, text: string) => beacons.push({ url, body: JSON.parse(text) }) > 0,
  });
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return answer();
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function start(userAgent = BROWSERS[0][0], touch = 0) {
  vi.resetModules();
  const { state } = await import('../core/state');
  Object.assign(state, {
    key: 'k1',
    base: 'https://console.example.com',
    ua: parseUserAgent(userAgent, touch),
  });
  const { showBanner } = await import('./showBanner');
  const { reserveSpace } = await import('./space');
  return { showBanner, reserveSpace };
}

const host = () => body.find((node) => node.tagName === 'gc-banner');
const space = () => head.find((node) => node.id === SPACE_ID);
const shadowFind = (className: string) => host()?.shadow?.find((node) => node.className === className);

describe('showBanner', () => {
  it('shows the banner in the reserved space: nothing on the page moves', async () => {
    const { showBanner, reserveSpace } = await start();
    reserveSpace('bottom');
    await showBanner('b1');
    expect(fetched).toEqual(['https://console.example.com/api/turbo/v1/banners/b1']);
    expect(space()?.textContent).toBe(spaceCss('bottom'));
    expect(spaceCss('bottom')).toContain(`calc(${BANNER_HEIGHT}px + env(safe-area-inset-bottom,0px))`);
    const shadow = host()?.shadow;
    expect(shadow?.children.at(-1)?.textContent).toContain('bottom:0!important');
    expect(shadow?.children.at(-1)?.textContent).toContain('position:fixed!important');
    // The visitor's en-GB picks the banner's en-US.
    expect(shadowFind('h')?.textContent).toBe('Get the app');
    expect(shadowFind('d')?.textContent).toBe('Faster and better');
    expect(shadowFind('s')?.attrs['aria-label']).toBe('4.5/5');
    expect(shadowFind('s')?.children[0].style.width).toBe('90%');
    expect(shadowFind('x')?.attrs['aria-label']).toBe('Close');
    const button = shadowFind('a');
    expect(button?.textContent).toBe('Open');
    expect(button?.href).toBe(
      'http://demo.localhost:3000/AbC123?utm_source=banner&gc_src=banner&gc_tid=b1&utm_campaign=spring',
    );
    expect(beacons.map((b) => [b.url, b.body.events[0].type, b.body.events[0].page])).toEqual([
      ['https://console.example.com/api/turbo/v1/banners/b1/events', 'impression', location.href],
    ]);
    expect(beacons[0].body.events[0].id).toMatch(/^[0-9a-z]{20}$/);
  });

  it('uses the answer the snippet started fetching', async () => {
    const { showBanner, reserveSpace } = await start();
    reserveSpace('bottom');
    window.__gcb = { b1: respond(200, BANNER)() as unknown as Promise<Response> };
    await showBanner('b1');
    expect(fetched).toEqual([]);
    expect(host()).toBeDefined();
    delete window.__gcb;
  });

  it('records a click (the link then opens) and a dismissal remembered dismissDays', async () => {
    const { showBanner, reserveSpace } = await start();
    reserveSpace('bottom');
    await showBanner('b1');
    shadowFind('a')?.onclick?.();
    shadowFind('x')?.onclick?.();
    expect(beacons.map((b) => b.body.events[0].type)).toEqual(['impression', 'click', 'dismiss']);
    expect(new Set(beacons.map((b) => b.body.events[0].id)).size).toBe(3);
    expect(host()).toBeUndefined();
    expect(space()).toBeUndefined();
    expect(Number(storage.get(dismissedKey('b1')))).toBe(NOW + 7 * 86_400_000);
    // The next page view (the inline part reserved nothing either): no request, no banner.
    const next = await start();
    await next.showBanner('b1');
    expect(fetched).toHaveLength(1);
    expect(host()).toBeUndefined();
    expect(space()).toBeUndefined();
  });

  it('dismissDays 0: hidden until the next page view only', async () => {
    answer = respond(200, { ...BANNER, dismissDays: 0 });
    const { showBanner } = await start();
    await showBanner('b1');
    shadowFind('x')?.onclick?.();
    expect(storage.has(dismissedKey('b1'))).toBe(false);
  });

  it('keeps the reserved space blank (nothing moves) and remembers an offline banner for a day', async () => {
    answer = respond(404);
    const { showBanner, reserveSpace } = await start();
    reserveSpace('top');
    await showBanner('b1');
    expect(space()?.getAttribute('data-position')).toBe('top');
    expect(host()).toBeUndefined();
    expect(Number(storage.get(notShownKey('b1')))).toBe(NOW + 86_400_000);
    expect(beacons).toEqual([]);
  });

  it('remembers a network failure for an hour', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const { showBanner, reserveSpace } = await start();
    reserveSpace('bottom');
    await showBanner('b1');
    expect(space()).toBeDefined();
    expect(host()).toBeUndefined();
    expect(Number(storage.get(notShownKey('b1')))).toBe(NOW + 3_600_000);
  });

  it('not on a platform the banner lacks (remembered), and never on desktops (no request)', async () => {
    answer = respond(200, { ...BANNER, platforms: ['android'] });
    const phone = await start();
    phone.reserveSpace('bottom');
    await phone.showBanner('b1');
    expect(host()).toBeUndefined();
    expect(storage.has(notShownKey('b1'))).toBe(true);
    const desktop = await start(BROWSERS.find(([, platform]) => platform === 'desktop')![0]);
    await desktop.showBanner('b1');
    expect(fetched).toHaveLength(1);
  });

  it('without reserved space: a bottom banner pads the bottom (nothing moves), a top one covers the top', async () => {
    const bottom = await start();
    storage.set(notShownKey('b1'), String(NOW + 1000));
    await bottom.showBanner('b1');
    expect(host()).toBeDefined();
    expect(space()?.getAttribute('data-position')).toBe('bottom');
    // Shown again: the memory is cleared, so the next page view reserves the space before paint.
    expect(storage.has(notShownKey('b1'))).toBe(false);

    body.children = [];
    head.children = [];
    answer = respond(200, { ...BANNER, position: 'top' });
    const top = await start();
    await top.showBanner('b1');
    expect(host()?.shadow?.children.at(-1)?.textContent).toContain('top:0!important');
    expect(space()).toBeUndefined();
  });

  it('shows on the reserved side when the banner moved since the snippet was made: nothing moves', async () => {
    const { showBanner, reserveSpace } = await start();
    reserveSpace('top');
    await showBanner('b1');
    expect(space()?.getAttribute('data-position')).toBe('top');
    expect(host()?.shadow?.children.at(-1)?.textContent).toContain('top:0!important');
  });

  it('names the close button in the banner language', async () => {
    vi.stubGlobal('navigator', { languages: ['zh-HK'], sendBeacon: () => true });
    const { showBanner } = await start();
    await showBanner('b1');
    expect(shadowFind('h')?.textContent).toBe('打开 App');
    expect(shadowFind('x')?.attrs['aria-label']).toBe('关闭');
  });
});
