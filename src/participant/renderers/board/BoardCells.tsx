import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import { PrizeIcon } from '../PrizeFace';
import type { DiceGame } from './boardModel';

/** The cells round the board, the start first, those with a prize showing it, the token's marked. */
export function BoardCells({
  game,
  position,
  prizes,
}: {
  game: DiceGame;
  position: number;
  prizes: PlayPrize[];
}) {
  const t = useT();
  const cellOf = new Map(game.cells.map((c) => [c.index, c.prizeId]));
  const prizeOf = (id: string) => prizes.find((p) => p.id === id);
  return (
    <ol className="gp-board-cells" aria-label={t('dice.board')}>
      {Array.from({ length: game.boardSize }, (_, index) => {
        const prize = cellOf.get(index);
        return (
          <li
            key={index}
            className={`gp-board-cell${index === position ? ' gp-board-here' : ''}${prize ? ' gp-board-prize' : ''}`}
            data-cell={index}
            aria-current={index === position ? 'location' : undefined}
          >
            <span className="gp-board-n">{index === 0 ? t('dice.start') : index}</span>
            {prize ? <PrizeIcon prize={prizeOf(prize)} /> : null}
            {prize ? <span className="gp-board-name">{prizeOf(prize)?.name ?? prize}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
