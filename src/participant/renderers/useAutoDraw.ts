import { useEffect, useRef } from 'react';

/**
 * Starts a draw each time the page asks for one by itself (`autoDraw` goes up: the countdown of
 * drawCountdown, a "play" tap); the value the renderer was first drawn with starts nothing.
 */
export function useAutoDraw(autoDraw: number, start: () => void) {
  const last = useRef(autoDraw);
  useEffect(() => {
    if (autoDraw === last.current) return;
    last.current = autoDraw;
    start();
  });
}
