import { useMemo, useRef, useState } from 'react';
import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import type { DrawResult, RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import { useDrawRound } from '../useDrawRound';
import { useAutoDraw } from '../useAutoDraw';
import { prefersReducedMotion, wait } from '../loadImage';
import { RING, lotteryCells, lotterySteps, withPrize } from './lotteryCells';

function targetOf(cells: PlayPrize[], result: DrawResult): { cells: PlayPrize[]; index: number } {
  const { prize } = result;
  const byId = cells.findIndex((cell) => prize.id !== null && cell.id === prize.id);
  if (byId >= 0) return { cells, index: byId };
  if (prize.isThank) {
    const thank = cells.findIndex((cell) => cell.isThank);
    if (thank >= 0) return { cells, index: thank };
  }
  return withPrize(cells, {
    id: prize.id ?? '',
    name: prize.name,
    image: prize.image,
    isThank: prize.isThank,
    description: null,
  });
}

/** The daily lottery: 8 prize cells around a start button and a highlight that runs and stops. */
export function LotteryRenderer(props: RendererProps) {
  const t = useT();
  const { prizes, disabled, button, autoDraw, onClaim } = props;
  const baseCells = useMemo(() => lotteryCells(prizes), [prizes]);
  // A drawn prize that is not on the grid takes a cell for its round only.
  const [roundCells, setRoundCells] = useState<PlayPrize[] | null>(null);
  const cells = roundCells ?? baseCells;
  const [active, setActive] = useState<number | null>(null);
  const [landed, setLanded] = useState<number | null>(null);
  const position = useRef(0);
  const round = useDrawRound(props);

  const run = () =>
    round.start(async (result) => {
      setLanded(null);
      const target = targetOf(baseCells, result);
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

  useAutoDraw(autoDraw, () => void run());

  const off = disabled || cells.length === 0;
  return (
    <div className="gp-renderer">
      <div className="gp-lottery" data-testid="lottery">
        {cells.map((prize, i) => {
          const [row, column] = RING[i];
          const isLanded = landed === i && round.phase === 'shown';
          return (
            <div
              key={i}
              className={`gp-lottery-cell${active === i ? ' gp-on' : ''}`}
              style={{ gridRow: row + 1, gridColumn: column + 1 }}
              data-cell={i}
              {...(isLanded ? { 'data-landed': 'true', 'data-prize-id': prize.id } : {})}
            >
              <PrizeFace prize={prize} />
            </div>
          );
        })}
        <button
          type="button"
          className="gp-lottery-start"
          style={{
            gridRow: 2,
            gridColumn: 2,
            background: button.color ?? undefined,
            color: button.textColor ?? undefined,
          }}
          disabled={off || round.busy}
          onClick={() => {
            setActive(null);
            void run();
          }}
          data-testid="draw-button"
        >
          {round.running ? t('draw.busy') : (button.text ?? t('draw.start'))}
        </button>
      </div>
      {round.result ? (
        <ResultDialog
          result={round.result}
          onClose={() => {
            round.close();
            setRoundCells(null);
          }}
          onClaim={onClaim}
        />
      ) : null}
    </div>
  );
}
