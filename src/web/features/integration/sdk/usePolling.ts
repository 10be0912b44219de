import { useEffect, useRef } from 'react';

/**
 * Calls `poll` every `intervalMs` while `active`, one call at a time (the next waits for the
 * previous to settle). Stops while the page is hidden (and polls at once when it shows again)
 * and when the component unmounts. The app's SWR setup never refreshes by itself (an hour of
 * deduplication), so this drives a bound `mutate()` instead of SWR's `refreshInterval`.
 */
export function usePolling(active: boolean, intervalMs: number, poll: () => Promise<unknown>): void {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  }, [poll]);

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let stopped = false;

    const schedule = () => {
      clearTimeout(timer);
      if (!stopped && document.visibilityState === 'visible') timer = setTimeout(tick, intervalMs);
    };
    const tick = () => {
      if (stopped || running || document.visibilityState !== 'visible') return;
      running = true;
      latest
        .current()
        .catch(() => {})
        .finally(() => {
          running = false;
          schedule();
        });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') tick();
      else clearTimeout(timer);
    };

    schedule();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, intervalMs]);
}
