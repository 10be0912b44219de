import { useCallback, useRef, useState } from 'react';
import type { DrawResult, RendererProps } from './rendererTypes';
import { loadImage } from './loadImage';

export type RoundPhase = 'idle' | 'drawing' | 'landing' | 'shown';

/**
 * One draw as every renderer plays it: ask the server, load the prize image, run the renderer's
 * animation to that prize, then show the result. Only one round runs at a time; `start` answers
 * whether the result is on screen.
 */
export function useDrawRound(props: Pick<RendererProps, 'onDraw' | 'onLanded' | 'disabled'>) {
  const [phase, setPhase] = useState<RoundPhase>('idle');
  const [result, setResult] = useState<DrawResult | null>(null);
  const running = useRef(false);
  const { onDraw, onLanded, disabled } = props;

  const start = useCallback(
    async (animate: (result: DrawResult) => Promise<void>): Promise<boolean> => {
      if (running.current || disabled) return false;
      running.current = true;
      setPhase('drawing');
      try {
        const drawn = await onDraw();
        await loadImage(drawn.prize.image);
        setPhase('landing');
        await animate(drawn);
        setResult(drawn);
        setPhase('shown');
        onLanded(drawn);
        return true;
      } catch {
        // The page shows why the draw failed.
        running.current = false;
        setPhase('idle');
        return false;
      }
    },
    [onDraw, onLanded, disabled],
  );

  const close = useCallback(() => {
    running.current = false;
    setResult(null);
    setPhase('idle');
  }, []);

  // busy: no new round now; running: the draw or its animation is under way (the result not yet shown).
  return {
    phase,
    result,
    start,
    close,
    busy: phase !== 'idle',
    running: phase === 'drawing' || phase === 'landing',
  };
}
