import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { shouldShowBanner } from './banner/shouldShowBanner';
import { dismissedKey, notShownKey, SPACE_ID, spaceCss } from './banner/space';
import {
  BANNER_SCRIPT_TIMEOUT_MS,
  bannerInlineScript,
  bannerSnippet,
  escapeAttribute,
  esmSnippet,
  npmSnippet,
  scriptSnippet,
  sdkSnippet,
} from './snippet';
import { BROWSERS, ROBOTS } from './testUserAgents';
import { parseUserAgent } from './userAgent';

const BASE = 'https://console.example.com/';

describe('script tags', () => {
  it('gc.js with the access key', () => {
    expect(sdkSnippet({ base: BASE, accessKey: 'k1' })).toBe(
      '<script async src="https://console.example.com/sdk/v1/gc.js" data-key="k1"></script>',
    );
  });

  it('gc.js with a Turbo Script', () => {
    expect(scriptSnippet({ base: 'https://console.example.com', accessKey: 'k1', scriptId: 's1' })).toBe(
      '<script async src="https://console.example.com/sdk/v1/gc.js" data-key="k1" data-script="s1"></script>',
    );
  });

  it('escapes everything put into attributes', () => {
    expect(escapeAttribute(`a"b'c<d>e&f`)).toBe('a&quot;b&#39;c&lt;d&gt;e&amp;f');
    const tag = sdkSnippet({ base: 'https://x.example"><script>alert(1)</script>', accessKey: '"><b>' });
    expect(tag.match(/</g)).toHaveLength(2);
    expect(tag.match(/"/g)).toHaveLength(4);
    expect(tag).toContain('data-key="&quot;&gt;&lt;b&gt;"');
  });
});

describe('ES module and npm lines', () => {
  it('imports gc.mjs from the console and passes the base', () => {
    expect(esmSnippet({ base: BASE, accessKey: 'k1' })).toBe(
      "import { init, track } from 'https://console.example.com/sdk/v1/gc.mjs';\n\n" +
        "init({ accessKey: 'k1', baseUrl: 'https://console.example.com' });",
    );
  });

  it('installs the tarball and imports the package', () => {
    expect(npmSnippet({ base: BASE, accessKey: "k'1" })).toBe(
      'npm install https://console.example.com/sdk/v1/growth-console-web-1.0.0.tgz\n\n' +
        "import { init, track } from 'growth-console-web';\n\n" +
        "init({ accessKey: 'k\\'1', baseUrl: 'https://console.example.com' });",
    );
  });
});

// Runs the banner snippet's inline part as a browser would, against stand-ins for what it reads.
function runInline(
  script: string,
  ua: string,
  options: { touch?: number; storage?: Record<string, string> } = {},
) {
  const appended: Array<{ id: string; attrs: Record<string, string>; textContent: string }> = [];
  const timers: Array<() => void> = [];
  const fetched: string[] = [];
  const storage: Record<string, string> = { ...options.storage };
  const element = () => {
    const attrs: Record<string, string> = {};
    const node = {
      id: '',
      textContent: '',
      attrs,
      parentNode: null as null | { removeChild(child: unknown): void },
      setAttribute: (name: string, value: string) => (attrs[name] = value),
    };
    return node;
  };
  const head = {
    appendChild(node: ReturnType<typeof element>) {
      appended.push(node);
      node.parentNode = { removeChild: () => appended.splice(appended.indexOf(node), 1) };
    },
  };
  const window: Record<string, unknown> = {
    localStorage: {
      getItem: (key: string) => storage[key] ?? null,
      setItem: (key: string, value: string) => (storage[key] = String(value)),
    },
  };
  runInNewContext(script, {
    window,
    document: { createElement: element, head, documentElement: head },
    navigator: { userAgent: ua, maxTouchPoints: options.touch ?? 0 },
    fetch: (url: string) => {
      fetched.push(url);
      return Promise.resolve({ ok: true });
    },
    setTimeout: (fn: () => void, ms: number) => {
      expect(ms).toBe(BANNER_SCRIPT_TIMEOUT_MS);
      timers.push(fn);
    },
  });
  return { appended, timers, fetched, storage, window };
}

describe('bannerSnippet', () => {
  const options = {
    base: BASE,
    accessKey: 'k1',
    bannerId: 'b1',
    position: 'bottom' as const,
    platforms: ['ios', 'android'],
  };

  it('is the inline part, then gc-banner.js', () => {
    const html = bannerSnippet(options);
    const [inline, tag] = html.split('\n');
    expect(inline).toBe(`<script>${bannerInlineScript(options)}</script>`);
    expect(tag).toBe(
      '<script async src="https://console.example.com/sdk/v1/gc-banner.js" data-key="k1" data-banner="b1"></script>',
    );
  });

  it('cannot be closed early by the banner id or base', () => {
    const html = bannerSnippet({ ...options, bannerId: '</script><script>alert(1)</script>' });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('reserves the space on a phone, with the SDK rule, and starts fetching the banner', () => {
    const run = runInline(bannerInlineScript(options), BROWSERS[0][0]);
    expect(run.appended).toHaveLength(1);
    expect(run.appended[0]).toMatchObject({
      id: SPACE_ID,
      attrs: { 'data-position': 'bottom' },
      textContent: spaceCss('bottom'),
    });
    expect(run.fetched).toEqual(['https://console.example.com/api/turbo/v1/banners/b1']);
    expect(Object.keys(run.window.__gcb as object)).toEqual(['b1']);
  });

  it('reserves the top for a top banner', () => {
    const run = runInline(bannerInlineScript({ ...options, position: 'top' }), BROWSERS[0][0]);
    expect(run.appended[0]).toMatchObject({
      attrs: { 'data-position': 'top' },
      textContent: spaceCss('top'),
    });
  });

  it('decides like the SDK for every user agent, platform list and touch screen', () => {
    const lists = [['ios', 'android'], ['ios'], ['android'], []];
    for (const [ua] of [...BROWSERS, ...ROBOTS])
      for (const platforms of lists)
        for (const touch of [0, 5]) {
          const info = parseUserAgent(ua, touch);
          const expected = shouldShowBanner({ ...info, dismissedUntil: 0, now: Date.now() }, platforms);
          const run = runInline(bannerInlineScript({ ...options, platforms }), ua, { touch });
          expect({ ua, platforms, touch, reserved: run.appended.length === 1 }).toEqual({
            ua,
            platforms,
            touch,
            reserved: expected,
          });
        }
  });

  it('not while a dismissal or a "not shown" is remembered', () => {
    const ua = BROWSERS[0][0];
    const later = String(Date.now() + 60_000);
    const earlier = String(Date.now() - 60_000);
    expect(
      runInline(bannerInlineScript(options), ua, { storage: { [dismissedKey('b1')]: later } }).appended,
    ).toEqual([]);
    expect(
      runInline(bannerInlineScript(options), ua, { storage: { [notShownKey('b1')]: later } }).appended,
    ).toEqual([]);
    expect(
      runInline(bannerInlineScript(options), ua, { storage: { [dismissedKey('b1')]: earlier } }).appended,
    ).toHaveLength(1);
    // Another banner's dismissal does not count.
    expect(
      runInline(bannerInlineScript(options), ua, { storage: { [dismissedKey('b2')]: later } }).appended,
    ).toHaveLength(1);
  });

  it('remembers "not shown" when gc-banner.js never arrives, keeping the space (nothing moves)', () => {
    const run = runInline(bannerInlineScript(options), BROWSERS[0][0]);
    run.timers[0]();
    expect(run.appended).toHaveLength(1);
    expect(Number(run.storage[notShownKey('b1')])).toBeGreaterThan(Date.now() + 86_000_000);
  });

  it('remembers nothing when the SDK has arrived (it decides then)', () => {
    const run = runInline(bannerInlineScript(options), BROWSERS[0][0]);
    run.window.GrowthConsole = {};
    run.timers[0]();
    expect(run.storage[notShownKey('b1')]).toBeUndefined();
  });

  it('does nothing where storage throws (sandboxed frames)', () => {
    expect(() =>
      runInNewContext(bannerInlineScript(options), {
        window: {
          get localStorage() {
            throw new Error('denied');
          },
        },
        document: {},
        navigator: { userAgent: BROWSERS[0][0] },
      }),
    ).not.toThrow();
  });
});
