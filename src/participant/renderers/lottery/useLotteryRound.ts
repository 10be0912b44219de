import { useMemo, useRef, useState } from 'react';
import type { PlayPrize } from '../../api/playTypes';
import type { RendererProps } from '../rendererTypes';
import { useDrawRound } from '../useDrawRound';
import { useAutoDraw } from '../useAutoDraw';
import { prefersReducedMotion, wait } from '../loadImage';
import { landingCell, lotteryCells, lotterySteps } from './lotteryCells';

/**
 * The lottery's round: the draw, then the highlight running at least three rounds and slowing
 * down onto the drawn cell (there at once with reduced motion). A drawn prize that is not on the
 * grid takes a cell for its round only; `close` puts the grid back.
 */
export function useLotteryRound(props: RendererProps) {
  const baseCells = useMemo(() => lotteryCells(props.prizes), [props.prizes]);
  // A drawn prize that is not on the grid takes a cell for its round only.
  const [roundCells, setRoundCells] = useState<PlayPrize[] | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [landed, setLanded] = useState<number | null>(null);
  const position = useRef(0);
  const round = useDrawRound(props);

  const run = () =>
    round.start(async (result) => {
      setLanded(null);
      const target = landingCell(baseCells, result.prize);
      setRoundCells(target.cells === baseCells ? null : target.cells);
      if (prefersReducedMotion()) {
        position.current = target.index;
      } else {
        for (const delay of lotterySteps(position.current, target.index)) {
          position.current = (position.current + 1) % 8;
          setActive(position.current);
          await wait(delay);
        }
      }
      setActive(target.index);
      setLanded(target.index);
    });

  useAutoDraw(props.autoDraw, () => void run());

  const start = () => {
    setActive(null);
    void run();
  };
  const close = () => {
    round.close();
    setRoundCells(null);
  };
  return { cells: roundCells ?? baseCells, active, landed, round, start, close };
}
