// The install snippets the console shows (pure string builders; the console imports them).
import { dismissedKey, notShownKey, SPACE_ID, spaceCss } from './banner/space';
import { ANDROID_PATTERN, BOT_PATTERN, IOS_PATTERN, MAC_PATTERN, NOT_PHONE_OS_PATTERN } from './userAgent';
import { SDK_PACKAGE, SDK_TARBALL } from './version';

export interface SnippetOptions {
  /** The console's origin (PUBLIC_URL). */
  base: string;
  accessKey: string;
}

export interface BannerSnippetOptions extends SnippetOptions {
  bannerId: string;
  position: 'top' | 'bottom';
  /** The platforms the banner's link template offers an app on. */
  platforms: readonly string[];
}

export interface ScriptSnippetOptions extends SnippetOptions {
  scriptId: string;
}

/** How long the inline part waits for gc-banner.js before remembering the banner as not shown (ms). */
export const BANNER_SCRIPT_TIMEOUT_MS = 10_000;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** Text for a double-quoted HTML attribute. */
export const escapeAttribute = (value: string) => String(value).replace(/[&"'<>]/g, (c) => HTML_ESCAPES[c]);

// A JavaScript string literal that is also safe inside an inline <script> (no `</script>`).
const jsString = (value: string) =>
  JSON.stringify(String(value))
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

// A single-quoted JavaScript string for the ES module lines (not inside HTML).
const quote = (value: string) => `'${String(value).replace(/[\\']/g, '\\$&').replace(/\n/g, '\\n')}'`;

const origin = (base: string) => String(base).replace(/\/+$/, '');

const scriptTag = (src: string, data: Record<string, string>) =>
  `<script async src="${escapeAttribute(src)}"${Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeAttribute(value)}"`)
    .join('')}></script>`;

/** The script tag of gc.js: events and web attribution. */
export function sdkSnippet({ base, accessKey }: SnippetOptions): string {
  return scriptTag(`${origin(base)}/sdk/v1/gc.js`, { key: accessKey });
}

/** The ES module lines: gc.mjs imported from the console (CORS enabled) and started. */
export function esmSnippet({ base, accessKey }: SnippetOptions): string {
  return (
    `import { init, track } from ${quote(`${origin(base)}/sdk/v1/gc.mjs`)};\n\n` +
    `init({ accessKey: ${quote(accessKey)}, baseUrl: ${quote(origin(base))} });`
  );
}

/** The npm lines: the tarball the console serves (gc.mjs with its types) installed and imported. */
export function npmSnippet({ base, accessKey }: SnippetOptions): string {
  return (
    `npm install ${origin(base)}/sdk/v1/${SDK_TARBALL}\n\n` +
    `import { init, track } from '${SDK_PACKAGE}';\n\n` +
    `init({ accessKey: ${quote(accessKey)}, baseUrl: ${quote(origin(base))} });`
  );
}

/** The script tag of gc.js with a Turbo Script: the page's links are rewritten. */
export function scriptSnippet({ base, accessKey, scriptId }: ScriptSnippetOptions): string {
  return scriptTag(`${origin(base)}/sdk/v1/gc.js`, { key: accessKey, script: scriptId });
}

/**
 * The inline part of the banner snippet (ES5, runs before the first paint): on a phone of the
 * banner's platforms, not a robot, without a remembered dismissal or "not shown", it reserves the
 * banner's space (the SDK's own <style>, see banner/space.ts) and starts fetching the banner for
 * the SDK. When gc-banner.js has not arrived within BANNER_SCRIPT_TIMEOUT_MS (blocked, failed) the
 * banner is remembered as not shown for a day; the space stays blank on this page (giving it back
 * would move the page).
 */
export function bannerInlineScript({
  base,
  bannerId,
  position,
  platforms,
}: Omit<BannerSnippetOptions, 'accessKey'>): string {
  const side = position === 'top' ? 'top' : 'bottom';
  const known = platforms.filter((p) => p === 'ios' || p === 'android');
  const regex = (pattern: RegExp) => `/${pattern.source}/${pattern.flags}`;
  const url = `${origin(base)}/api/turbo/v1/banners/${encodeURIComponent(bannerId)}`;
  return (
    '(function(w,d,id,ps,url,css){try{' +
    'var u=navigator.userAgent,s=w.localStorage,n=+new Date,' +
    `p=${regex(NOT_PHONE_OS_PATTERN)}.test(u)?"":${regex(IOS_PATTERN)}.test(u)||${regex(MAC_PATTERN)}.test(u)&&navigator.maxTouchPoints>1?"ios":${regex(ANDROID_PATTERN)}.test(u)?"android":"";` +
    `if(!p||ps.indexOf(p)<0||${regex(BOT_PATTERN)}.test(u)||s.getItem(${jsString(dismissedKey(''))}+id)>n||s.getItem(${jsString(notShownKey(''))}+id)>n)return;` +
    `var e=d.createElement("style");e.id=${jsString(SPACE_ID)};e.setAttribute("data-position",${jsString(side)});e.textContent=css;(d.head||d.documentElement).appendChild(e);` +
    `setTimeout(function(){w.GrowthConsole||s.setItem(${jsString(notShownKey(''))}+id,n+864e5)},${BANNER_SCRIPT_TIMEOUT_MS});` +
    'var b=w.__gcb=w.__gcb||{};b[id]=fetch(url);b[id]["catch"](function(){})' +
    `}catch(x){}})(window,document,${jsString(bannerId)},${JSON.stringify(known)},${jsString(url)},${jsString(spaceCss(side))})`
  );
}

/**
 * The Turbo Banner snippet, for the page's <head>: the inline part that reserves the banner's
 * space before the first paint, then gc-banner.js.
 */
export function bannerSnippet(options: BannerSnippetOptions): string {
  return (
    `<script>${bannerInlineScript(options)}</script>\n` +
    scriptTag(`${origin(options.base)}/sdk/v1/gc-banner.js`, {
      key: options.accessKey,
      banner: options.bannerId,
    })
  );
}
