import { useRef, type CSSProperties } from 'react';
import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import { useAutoDraw } from '../useAutoDraw';
import { FOIL } from './paintCoating';
import type { Point } from './scratchGrid';
import { useScratchCanvas } from './useScratchCanvas';
import { useScratchRound } from './useScratchRound';
import './scratch.css';

/**
 * The scratch card: a coating (the configured card cover, `cardBack`: colour and picture) over
 * the prize. The first touch of the coating asks the server for the draw, so the prize under it
 * is decided before anything shows; once half the card is scratched the rest falls away and the
 * result opens. "Reveal" does the same without scratching (keyboard and screen readers).
 */
export function ScratchRenderer(props: RendererProps) {
  const t = useT();
  const { game, disabled, button, autoDraw, onClaim } = props;
  const strokeRef = useRef<Point | null>(null);
  const { round, drawn, cleared, card, asked, newCard, reveal, begin, revealNow } = useScratchRound(
    props,
    () => (strokeRef.current = null),
  );
  useAutoDraw(autoDraw, revealNow);
  const scratchable = !disabled && !cleared && round.phase !== 'shown';
  const coating = useScratchCanvas({
    color: game.cardBack?.color ?? FOIL,
    image: game.cardBack?.image ?? null,
    label: t('scratch.here'),
    card,
    scratchable,
    strokeRef,
    onTouch: () => round.busy || begin(),
    onRevealed: reveal,
  });

  const landed = drawn && round.phase === 'shown' ? drawn : null;
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };
  return (
    <div className="gp-renderer gp-scratch-area">
      <div
        className={`gp-scratch${scratchable ? '' : ' gp-scratch-off'}`}
        data-testid="scratch"
        data-state={landed ? 'revealed' : round.busy ? 'scratching' : 'covered'}
        style={{ ['--gp-scratch-accent' as string]: button.color ?? '#fa541c' } as CSSProperties}
      >
        <div className="gp-scratch-field">
          <div
            className="gp-scratch-prize"
            aria-live="polite"
            {...(landed ? { 'data-landed': 'true', 'data-prize-id': landed.prize.id ?? '' } : {})}
          >
            {drawn ? (
              <PrizeFace prize={drawn.prize} />
            ) : round.phase === 'drawing' ? (
              <span className="gp-scratch-wait">{t('scratch.drawing')}</span>
            ) : null}
          </div>
          <canvas
            {...coating}
            className={`gp-scratch-canvas${cleared ? ' gp-scratch-cleared' : ''}`}
            data-testid="scratch-canvas"
            aria-hidden="true"
          />
        </div>
      </div>
      <p className="gp-hint gp-scratch-hint">{t('scratch.hint')}</p>
      <button
        type="button"
        className="gp-btn gp-btn-main"
        style={buttonStyle}
        disabled={disabled || (round.busy && asked) || round.phase === 'shown'}
        onClick={revealNow}
        data-testid="scratch-reveal"
      >
        {round.running && asked ? t('draw.busy') : (button.text ?? t('scratch.reveal'))}
      </button>
      {round.result ? (
        <ResultDialog
          result={round.result}
          onClose={() => {
            round.close();
            newCard();
          }}
          onClaim={onClaim}
        />
      ) : null}
    </div>
  );
}
