import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PlayPrize } from '../../api/playTypes';
import { useT } from '../../i18n/texts';
import type { RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { useDrawRound } from '../useDrawRound';
import { useAutoDraw } from '../useAutoDraw';
import { prefersReducedMotion, wait } from '../loadImage';
import {
  WINDOW_ROWS,
  paylineOf,
  paylineRow,
  reelStrip,
  reelTiming,
  restingWindow,
  stripShift,
  stripTransform,
} from './slotReels';
import './slots.css';

const REELS = 3;
const CABINET = '#d4380d';

interface Reel {
  strip: PlayPrize[];
  shift: number;
  ms: number;
}

const resting = (symbols: PlayPrize[]): Reel[] =>
  Array.from({ length: REELS }, (_, i) => ({ strip: restingWindow(symbols, i), shift: 0, ms: 0 }));

/** Two frames: the browser has painted what was set before, so a transition starts from there. */
const nextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** A prize on a reel: its picture where it has one, else its name. */
function SlotSymbol({ prize }: { prize: PlayPrize }) {
  return prize.image ? (
    <img className="gp-slots-pic" src={prize.image} alt="" draggable={false} />
  ) : (
    <span className="gp-slots-word">{prize.name}</span>
  );
}

/**
 * The slot machine: three reels of the campaign's prizes behind a window with a payline, a lever
 * and a spin button. The reels stop on the line the server's draw makes: three of the drawn
 * prize, or a mixed line for a thank-you. Under the machine, the winning lines.
 */
export function SlotsRenderer(props: RendererProps) {
  const t = useT();
  const { prizes, disabled, button, autoDraw, onClaim } = props;
  const symbols = prizes;
  const symbolKey = symbols.map((prize) => prize.id).join('\n');
  const [reels, showReels] = useState<Reel[]>(() => resting(symbols));
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
    setReels(resting(symbols));
  }, [symbolKey, symbols]);

  const spin = () =>
    round.start(async (result) => {
      setWin(false);
      const still = prefersReducedMotion();
      const line = paylineOf(symbols, result.prize, REELS);
      const next = reelsRef.current.map((reel, i) => {
        const showing = reel.strip.slice(reel.shift, reel.shift + WINDOW_ROWS);
        const timing = reelTiming(i);
        const strip = reelStrip(showing, line[i], symbols, still ? 0 : timing.passing);
        return { strip, shift: stripShift(strip), ms: still ? 0 : timing.ms };
      });
      if (!still) {
        // The new strips at rest first (they start with what is on show), then the spin.
        setReels(next.map((reel) => ({ ...reel, shift: 0, ms: 0 })));
        await nextPaint();
      }
      setReels(next);
      await wait(still ? 0 : Math.max(...next.map((reel) => reel.ms)) + 120);
      setWin(!result.prize.isThank);
    });

  useAutoDraw(autoDraw, () => void spin());

  const off = disabled || symbols.length === 0;
  const moving = round.phase === 'landing';
  const cabinet = button.color ?? CABINET;
  const buttonStyle = { background: button.color ?? undefined, color: button.textColor ?? undefined };
  const line = reels.map((reel) => paylineRow(reel.strip, reel.shift));
  const pays = symbols.filter((prize) => !prize.isThank);

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
          <div className="gp-slots-window" aria-hidden="true">
            {reels.map((reel, i) => (
              <div
                key={i}
                className="gp-slots-reel"
                data-testid="slots-reel"
                data-reel={i}
                {...(!moving ? { 'data-prize': line[i]?.id ?? '' } : {})}
              >
                <div
                  className="gp-slots-strip"
                  style={{
                    height: `${reel.strip.length * (100 / WINDOW_ROWS)}%`,
                    transform: stripTransform(reel.shift, reel.strip.length),
                    transitionDuration: `${reel.ms}ms`,
                  }}
                >
                  {reel.strip.map((prize, row) => (
                    <div key={row} className="gp-slots-cell">
                      <SlotSymbol prize={prize} />
                    </div>
                  ))}
                </div>
              </div>
            ))}
            <span className="gp-slots-payline" />
          </div>
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
      {pays.length ? (
        <div className="gp-slots-pays">
          <p className="gp-slots-pays-title">{t('slots.pays')}</p>
          <ul>
            {pays.map((prize) => (
              <li key={prize.id} data-pay={prize.id}>
                <span className="gp-slots-pays-line" aria-hidden="true">
                  {prize.image ? (
                    Array.from({ length: REELS }, (_, i) => <SlotSymbol key={i} prize={prize} />)
                  ) : (
                    <span className="gp-slots-times">×{REELS}</span>
                  )}
                </span>
                <span className="gp-sr-only">{t('slots.three')}: </span>
                <span className="gp-slots-pays-name">{prize.name}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {round.result ? <ResultDialog result={round.result} onClose={round.close} onClaim={onClaim} /> : null}
    </div>
  );
}
