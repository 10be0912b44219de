import { useEffect, useRef, useState } from 'react';
import { serverNow } from '../api/playApi';

/**
 * Milliseconds left until `target` (an instant in ms) on the server's clock, ticking every
 * second; `onEnd` runs once when it is reached.
 */
export function useCountdown(target: number | null, onEnd?: () => void): number | null {
  const [now, setNow] = useState(serverNow);
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  useEffect(() => {
    if (target === null) return;
    let fired = false;
    const timer = setInterval(() => {
      const at = serverNow();
      setNow(at);
      if (at >= target && !fired) {
        fired = true;
        onEndRef.current?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);

  return target === null ? null : target - now;
}
