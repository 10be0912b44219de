import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { useWheelRound } from './useWheelRound';
import { WheelDisc } from './WheelDisc';

const DEFAULT_COLORS = ['#ffd666', '#fff1b8'];

/**
 * The lucky wheel: one sector per prize in the configured colours, a pointer at the top, and a
 * spin that stops on the sector of the prize the server drew.
 */
export function WheelRenderer(props: RendererProps) {
  const t = useT();
  const { game, disabled, button, onClaim } = props;
  const { sectors, angle, duration, landed, round, spin } = useWheelRound(props);
  const colors = game.wheel?.sectorColors.length ? game.wheel.sectorColors : DEFAULT_COLORS;
  const pointerColor = game.wheel?.pointerColor ?? '#f5222d';
  const off = disabled || sectors.length === 0;
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };
  const landedPrize = landed !== null ? sectors[landed] : null;

  return (
    <div className="gp-renderer gp-wheel-area">
      <div
        className="gp-wheel"
        data-testid="wheel"
        data-angle={angle}
        data-sectors={sectors.length}
        data-spinning={round.phase === 'landing' ? 'true' : 'false'}
      >
        <WheelDisc sectors={sectors} colors={colors} rim={pointerColor} angle={angle} duration={duration} />
        {game.wheel?.pointerImage ? (
          <img className="gp-wheel-pointer-img" src={game.wheel.pointerImage} alt="" />
        ) : (
          <svg className="gp-wheel-pointer" viewBox="0 0 20 24" aria-hidden="true">
            <path d="M0 0H20L10 24Z" fill={pointerColor} stroke="#fff" strokeWidth="1.5" />
          </svg>
        )}
        <button
          type="button"
          className="gp-wheel-go"
          style={buttonStyle}
          disabled={off || round.busy}
          onClick={() => void spin()}
          data-testid="draw-button"
        >
          {round.running ? '…' : t('draw.button')}
        </button>
        {landedPrize && round.phase === 'shown' ? (
          <span className="gp-sr-only" data-landed="true" data-prize-id={landedPrize.id}>
            {landedPrize.name}
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={buttonStyle}
        disabled={off || round.busy}
        onClick={() => void spin()}
      >
        {round.running ? t('draw.busy') : (button.text ?? t('draw.button'))}
      </button>
      {round.result ? <ResultDialog result={round.result} onClose={round.close} onClaim={onClaim} /> : null}
    </div>
  );
}
