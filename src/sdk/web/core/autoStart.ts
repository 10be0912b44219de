import { state } from './state';

// Calls a page makes before the async script has loaded wait in `window.gcq` as arrays:
// `(window.gcq = window.gcq || []).push(['track', 'signup', { plan: 'pro' }])`.
type Call = [string, ...unknown[]];

declare global {
  interface Window {
    gcq?: Call[] | { push(call: Call): void };
  }
}

/**
 * The script tag's start: the console's origin defaults to the script's own; `data-key` starts
 * the SDK (`data-base`, `data-script`, `data-banner`, `data-debug`), then the calls waiting in
 * `window.gcq` run in order and later pushes run at once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the queue calls any API function by name
export function autoStart(api: Record<string, (...args: any[]) => unknown>): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const data = script?.dataset || {};
  if (script?.src) state.base = new URL(script.src).origin;
  if (data.key)
    api.init({
      accessKey: data.key,
      baseUrl: data.base,
      script: data.script,
      banner: data.banner,
      debug: data.debug != null,
    });
  const run = (call: Call) => api[call[0]]?.(...call.slice(1));
  const waiting = window.gcq;
  if (Array.isArray(waiting)) waiting.forEach(run);
  window.gcq = { push: run };
}
