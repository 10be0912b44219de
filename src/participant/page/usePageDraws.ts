import { useCallback, useState } from 'react';
import { useDrawCountdown } from './useDrawCountdown';

/**
 * The draws the page starts by itself: `startDraw` (a "play" tap) makes `autoDraw` go up, which
 * the renderer answers with a draw; with `drawCountdown >= 0` a player who can play gets the first
 * draw of the visit after that many seconds (`drawIn` counts them down).
 */
export function usePageDraws(drawCountdown: number, canPlay: boolean) {
  const [autoDraw, setAutoDraw] = useState(0);
  const startDraw = useCallback(() => setAutoDraw((n) => n + 1), []);
  // Decided once, when the page opens: the first draw of the visit only.
  const [autoFrom] = useState(() => (drawCountdown >= 0 && canPlay ? drawCountdown : null));
  const drawIn = useDrawCountdown(autoFrom, startDraw);
  return { autoDraw, startDraw, drawIn };
}
