import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import { RING } from './lotteryCells';
import { useLotteryRound } from './useLotteryRound';

/** The daily lottery: 8 prize cells around a start button and a highlight that runs and stops. */
export function LotteryRenderer(props: RendererProps) {
  const t = useT();
  const { disabled, button, onClaim } = props;
  const { cells, active, landed, round, start, close } = useLotteryRound(props);
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
          onClick={start}
          data-testid="draw-button"
        >
          {round.running ? t('draw.busy') : (button.text ?? t('draw.start'))}
        </button>
      </div>
      {round.result ? <ResultDialog result={round.result} onClose={close} onClaim={onClaim} /> : null}
    </div>
  );
}
