import type { CSSProperties } from 'react';
import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { paylineRow } from './slotReels';
import { REELS, useSlotsRound } from './useSlotsRound';
import { SlotWindow } from './SlotWindow';
import { SlotPays } from './SlotPays';
import './slots.css';

const CABINET = '#d4380d';

/**
 * The slot machine: three reels of the campaign's prizes behind a window with a payline, a lever
 * and a spin button. The reels stop on the line the server's draw makes: three of the drawn
 * prize, or a mixed line for a thank-you. Under the machine, the winning lines.
 */
export function SlotsRenderer(props: RendererProps) {
  const t = useT();
  const { prizes, disabled, button, onClaim } = props;
  const { reels, win, round, spin } = useSlotsRound(props);
  const off = disabled || prizes.length === 0;
  const moving = round.phase === 'landing';
  const cabinet = button.color ?? CABINET;
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };
  const line = reels.map((reel) => paylineRow(reel.strip, reel.shift));

  return (
    <div className="gp-renderer gp-slots-area">
      <div
        className={`gp-slots${round.running ? ' gp-slots-pulled' : ''}${win ? ' gp-slots-won' : ''}`}
        style={{ ['--gp-slots-cabinet' as string]: cabinet } as CSSProperties}
        data-testid="slots"
        data-spinning={moving ? 'true' : 'false'}
        role="group"
        aria-label={t('slots.machine')}
      >
        <div className="gp-slots-cabinet">
          <div className="gp-slots-lights" aria-hidden="true">
            {Array.from({ length: 9 }, (_, i) => (
              <span key={i} />
            ))}
          </div>
          <SlotWindow reels={reels} line={line} moving={moving} />
        </div>
        <button
          type="button"
          className="gp-slots-lever"
          disabled={off || round.busy}
          onClick={() => void spin()}
          aria-label={t('slots.lever')}
          data-testid="draw-button"
        >
          <span className="gp-slots-lever-arm" />
        </button>
        {round.phase === 'shown' ? (
          <span className="gp-sr-only" data-landed="true">
            {t('slots.line', { symbols: line.map((prize) => prize?.name ?? '').join(', ') })}
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
        {round.running ? t('draw.busy') : (button.text ?? t('slots.spin'))}
      </button>
      <SlotPays prizes={prizes} reels={REELS} />
      {round.result ? <ResultDialog result={round.result} onClose={round.close} onClaim={onClaim} /> : null}
    </div>
  );
}
