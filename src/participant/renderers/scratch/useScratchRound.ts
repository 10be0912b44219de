import { useState } from 'react';
import type { DrawResult, RendererProps } from '../rendererTypes';
import { useDrawRound } from '../useDrawRound';
import { prefersReducedMotion, wait } from '../loadImage';
import { revealGate } from './revealGate';

/**
 * A scratch card's round: the first touch (or Reveal) asks the server for the draw, the prize
 * waits under the coating until the card is to be revealed, then the coating falls away and the
 * result shows. `onNewCard` hears each fresh card (after the result, or a refused draw).
 */
export function useScratchRound(props: RendererProps, onNewCard: () => void) {
  const { disabled } = props;
  const round = useDrawRound(props);
  const [gate] = useState(revealGate);
  const [drawn, setDrawn] = useState<DrawResult | null>(null);
  const [cleared, setCleared] = useState(false);
  const [card, setCard] = useState(0);
  // Whether the card is to be revealed, for drawing the Reveal button.
  const [asked, setAsked] = useState(false);

  const newCard = () => {
    setDrawn(null);
    setCleared(false);
    setAsked(false);
    onNewCard();
    setCard((n) => n + 1);
  };

  const reveal = () => {
    gate.open();
    setAsked(true);
  };

  /** Starts the draw: the prize is the server's before the player sees any of it. */
  const begin = () => {
    if (round.busy || disabled) return false;
    gate.close();
    setAsked(false);
    void round
      .start(async (result) => {
        setDrawn(result);
        await gate.passed();
        setCleared(true);
        await wait(prefersReducedMotion() ? 0 : 450);
      })
      // A refused draw: the card gets its coating back.
      .then((shown) => (shown ? undefined : newCard()));
    return true;
  };

  const revealNow = () => {
    if (!round.busy && !begin()) return;
    reveal();
  };

  return { round, drawn, cleared, card, asked, newCard, reveal, begin, revealNow };
}
