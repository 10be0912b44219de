/** What bench/wizard.mjs reads from the page. */
export interface BenchProbe {
  mode: string;
  /** Arms a one-shot measurement of the next keystroke; `result()` resolves with its time to paint. */
  arm(): void;
  result(): Promise<number>;
}

declare global {
  interface Window {
    __bench?: BenchProbe;
  }
}

/**
 * Keystroke-to-next-paint: from the keydown's timestamp (so time the event waited counts too) to
 * just after the next frame is produced (a message posted from requestAnimationFrame runs after
 * that frame's paint).
 */
export function installProbe(): void {
  let pending: Promise<number> = Promise.resolve(NaN);
  window.__bench = {
    mode: new URLSearchParams(window.location.search).get('mode') ?? 'ours',
    arm() {
      pending = new Promise((resolve) => {
        const onKey = (event: KeyboardEvent) => {
          window.removeEventListener('keydown', onKey, true);
          const start = event.timeStamp;
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - start);
            channel.port2.postMessage(null);
          });
        };
        window.addEventListener('keydown', onKey, true);
      });
    },
    result: () => pending,
  };
}
