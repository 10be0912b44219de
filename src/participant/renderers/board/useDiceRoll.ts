import { useState } from 'react';
import { useT } from '../../i18n/texts';
import { usePage } from '../../blocks/PageContext';
import { prefersReducedMotion, wait } from '../loadImage';
import { NOTHING_LANDED, type DrawResult, type RendererProps } from '../rendererTypes';
import { rolledPrize, rollSaying, walkPath, type RollAnswer } from './boardModel';

/**
 * A roll, one at a time: the server throws the die, the token walks cell by cell to where it
 * names (`walking`; at once with reduced motion), the page says what happened and a prize won opens
 * in the result dialog (`shown`).
 */
export function useDiceRoll({ act, onLanded }: Pick<RendererProps, 'act' | 'onLanded'>, boardSize: number) {
  const t = useT();
  const page = usePage();
  const [walking, setWalking] = useState<number | null>(null);
  const [face, setFace] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<DrawResult | null>(null);

  async function throwDie() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await act<RollAnswer>('roll', {});
      setFace(answer.roll);
      // The token walks cell by cell (at once when the player prefers less motion).
      if (!prefersReducedMotion()) {
        for (const cell of walkPath(answer.from, answer.roll, boardSize)) {
          setWalking(cell);
          await wait(180);
        }
      }
      setWalking(null);
      page.say(t(...rollSaying(answer)));
      const won = rolledPrize(answer);
      if (won) setShown(won);
      onLanded(NOTHING_LANDED);
    } catch {
      // The page has said why.
    } finally {
      setWalking(null);
      setBusy(false);
    }
  }

  return { walking, face, busy, shown, close: () => setShown(null), throwDie };
}
