/** What bench/wizard.mjs reads from the page. */
export interface BenchProbe {
  mode: string;
  /**
   * Arms a one-shot measurement of the next key (a typed character or a Tab that leaves the
   * field); `result()` resolves with its time to the next paint.
   */
  arm(): void;
  /**
   * Arms a one-shot measurement of the next key to the paint of the frame in which the element
   * `selector` names is in the DOM, laid out and holds text (the field's error); `result()`
   * resolves with that time, or NaN if it never shows within `timeoutMs`.
   */
  armError(selector: string, timeoutMs: number): void;
  result(): Promise<number>;
  /** Whether the element `selector` names is in the DOM, laid out and holds text. */
  shown(selector: string): boolean;
  /** Resolves once two frames have been produced and the page has been idle once. */
  settle(): Promise<void>;
}

declare global {
  interface Window {
    __bench?: BenchProbe;
  }
}

/** Resolves with the time from `start` to just after the next frame is produced. */
function afterNextPaint(start: number): Promise<number> {
  // A message posted from requestAnimationFrame runs after that frame's paint.
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    }),
  );
}

function shown(selector: string): boolean {
  const element = document.querySelector(selector);
  if (!element || (element.textContent ?? '').trim() === '') return false;
  // Laid out and not hidden; a CSS fade-in (antd's help text) counts as shown from its first frame.
  return typeof element.checkVisibility === 'function'
    ? element.checkVisibility({ visibilityProperty: true })
    : element.getClientRects().length > 0;
}

/** Calls `measure(keydown)` on the next keydown seen by the page (capture phase, before any handler). */
function onNextKey(measure: (event: KeyboardEvent) => Promise<number>): Promise<number> {
  return new Promise((resolve) => {
    const onKey = (event: KeyboardEvent) => {
      window.removeEventListener('keydown', onKey, true);
      void measure(event).then(resolve);
    };
    window.addEventListener('keydown', onKey, true);
  });
}

/**
 * Key-to-next-paint: from the keydown's timestamp (so time the event waited counts too) to just
 * after the next frame is produced. For a Tab that leaves a field, that frame holds whatever the
 * blur committed synchronously. Key-to-error-visible: from the same timestamp to just after the
 * first frame produced once the error is in the DOM (a MutationObserver looks after every DOM
 * change, so work deferred to idle time, timers or later frames counts too).
 */
export function installProbe(): void {
  let pending: Promise<number> = Promise.resolve(NaN);
  window.__bench = {
    mode: new URLSearchParams(window.location.search).get('mode') ?? 'ours',
    arm() {
      pending = onNextKey((event) => afterNextPaint(event.timeStamp));
    },
    armError(selector, timeoutMs) {
      pending = onNextKey(
        (event) =>
          new Promise((resolve) => {
            const start = event.timeStamp;
            let seen = false;
            const finish = (ms: number) => {
              window.clearTimeout(timer);
              resolve(ms);
            };
            const check = () => {
              if (seen || !shown(selector)) return;
              seen = true;
              observer.disconnect();
              void afterNextPaint(start).then(finish);
            };
            const observer = new MutationObserver(check);
            observer.observe(document.body, {
              subtree: true,
              childList: true,
              characterData: true,
              attributes: true,
            });
            const timer = window.setTimeout(() => {
              observer.disconnect();
              resolve(NaN);
            }, timeoutMs);
            check();
          }),
      );
    },
    result: () => pending,
    shown,
    settle: () =>
      new Promise((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            if (typeof window.requestIdleCallback === 'function')
              window.requestIdleCallback(() => resolve(), { timeout: 2000 });
            else window.setTimeout(resolve, 50);
          }),
        ),
      ),
  };
}
