import { useMemo, useRef, useState } from 'react';
import type { RendererProps } from '../rendererTypes';
import { useDrawRound } from '../useDrawRound';
import { useAutoDraw } from '../useAutoDraw';
import { prefersReducedMotion, wait } from '../loadImage';
import { landingAngle, sectorsOf, wheelSectors } from './wheelGeometry';

const SPIN_MS = 4600;

/**
 * The wheel's round: the draw, then a spin of at least six turns that stops somewhere inside a
 * sector of the drawn prize (never on its edge; no turns with reduced motion), then the result.
 * The page's own draws (`autoDraw`) spin too.
 */
export function useWheelRound(props: RendererProps) {
  const sectors = useMemo(() => wheelSectors(props.prizes), [props.prizes]);
  const [angle, setAngle] = useState(0);
  const [duration, setDuration] = useState(0);
  const [landed, setLanded] = useState<number | null>(null);
  const round = useDrawRound(props);
  const angleRef = useRef(0);

  const spin = () =>
    round.start(async (result) => {
      const candidates = sectorsOf(sectors, result.prize);
      const index = candidates.length ? candidates[Math.floor(Math.random() * candidates.length)] : null;
      setLanded(null);
      if (index === null) return;
      const still = prefersReducedMotion();
      // Somewhere inside the sector, never on its edge.
      const next = landingAngle(
        angleRef.current,
        index,
        sectors.length,
        still ? 1 : 6,
        Math.random() * 0.6 - 0.3,
      );
      angleRef.current = next;
      setDuration(still ? 0 : SPIN_MS);
      setAngle(next);
      await wait(still ? 0 : SPIN_MS + 80);
      setLanded(index);
    });

  useAutoDraw(props.autoDraw, () => void spin());
  return { sectors, angle, duration, landed, round, spin };
}
