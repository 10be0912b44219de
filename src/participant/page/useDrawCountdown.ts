import { useEffect, useState } from 'react';

/**
 * Counts whole seconds down from `from`, one a second: `onLeft` hears each number (the first at
 * once), then `onZero` runs instead of 0. Answers the stop (nothing more is heard after it).
 */
export function countDown(from: number, onLeft: (seconds: number) => void, onZero: () => void): () => void {
  let left = from;
  let timer: ReturnType<typeof setTimeout>;
  const tick = () => {
    if (left <= 0) {
      onZero();
      return;
    }
    onLeft(left);
    left -= 1;
    timer = setTimeout(tick, 1000);
  };
  timer = setTimeout(tick, 0);
  return () => clearTimeout(timer);
}

/**
 * The automatic first draw of a visit (drawCountdown >= 0): `start` runs after `from` seconds;
 * answers the seconds still to wait, null when none is pending.
 */
export function useDrawCountdown(from: number | null, start: () => void): number | null {
  const [drawIn, setDrawIn] = useState<number | null>(null);
  useEffect(() => {
    if (from === null) return;
    return countDown(from, setDrawIn, () => {
      setDrawIn(null);
      start();
    });
  }, [from, start]);
  return drawIn;
}
