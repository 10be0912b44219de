import { useEffect, useRef, useState } from 'react';
import type { PlayPrize } from '../../api/playTypes';
import type { RendererProps } from '../rendererTypes';
import { useDrawRound } from '../useDrawRound';
import { useAutoDraw } from '../useAutoDraw';
import { prefersReducedMotion, wait } from '../loadImage';
import { paylineOf, restingReels, spinReels, type Reel } from './slotReels';

/** Reels on the machine. */
export const REELS = 3;

/** Two frames: the browser has painted what was set before, so a transition starts from there. */
const nextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/**
 * The slot machine's round: the reels (resting on the prizes until the first spin, again when the
 * prizes change), the draw, then each reel scrolling to the line of the server's answer; `win`
 * once three alike have stopped. The page's own draws (`autoDraw`) spin too.
 */
export function useSlotsRound(props: RendererProps) {
  const symbols: PlayPrize[] = props.prizes;
  const symbolKey = symbols.map((prize) => prize.id).join('\n');
  const [reels, showReels] = useState<Reel[]>(() => restingReels(symbols, REELS));
  // What the reels show, for the spin that starts from there.
  const reelsRef = useRef(reels);
  const setReels = (next: Reel[]) => {
    reelsRef.current = next;
    showReels(next);
  };
  const [win, setWin] = useState(false);
  const round = useDrawRound(props);

  // New prizes (the operator edited them): the reels show the new ones.
  const shownKey = useRef(symbolKey);
  useEffect(() => {
    if (shownKey.current === symbolKey) return;
    shownKey.current = symbolKey;
    setReels(restingReels(symbols, REELS));
  }, [symbolKey, symbols]);

  const spin = () =>
    round.start(async (result) => {
      setWin(false);
      const still = prefersReducedMotion();
      const next = spinReels(reelsRef.current, paylineOf(symbols, result.prize, REELS), symbols, still);
      if (!still) {
        // The new strips at rest first (they start with what is on show), then the spin.
        setReels(next.map((reel) => ({ ...reel, shift: 0, ms: 0 })));
        await nextPaint();
      }
      setReels(next);
      await wait(still ? 0 : Math.max(...next.map((reel) => reel.ms)) + 120);
      setWin(!result.prize.isThank);
    });

  useAutoDraw(props.autoDraw, () => void spin());
  return { reels, win, round, spin };
}
