import { useState } from 'react';
import { useT } from '../../i18n/texts';
import type { DrawResult, RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import { useDrawRound } from '../useDrawRound';
import { useAutoDraw } from '../useAutoDraw';
import { prefersReducedMotion, wait } from '../loadImage';

const COUNTS = [6, 9, 12];

/** Card flipping: `cardCount` cards face down; the one tapped flips over to the drawn prize. */
export function CardsRenderer(props: RendererProps) {
  const t = useT();
  const { game, disabled, autoDraw, onClaim } = props;
  const count = COUNTS.includes(game.cardCount ?? 0) ? (game.cardCount as number) : 9;
  const [flipped, setFlipped] = useState<{ index: number; result: DrawResult } | null>(null);
  const round = useDrawRound(props);
  const back = game.cardBack ?? { color: null, image: null };

  const flip = (index: number) => {
    if (round.busy || disabled) return;
    void round.start(async (result) => {
      setFlipped({ index, result });
      await wait(prefersReducedMotion() ? 0 : 650);
    });
  };

  useAutoDraw(autoDraw, () => flip(Math.floor(Math.random() * count)));

  const backStyle = {
    backgroundColor: back.color ?? '#7367f0',
    backgroundImage: back.image ? `url("${back.image}")` : undefined,
  };
  return (
    <div className="gp-renderer">
      <p className="gp-hint">{t('draw.pickCard')}</p>
      <div className={`gp-grid gp-cards gp-cards-${count}`} data-testid="cards" data-count={count}>
        {Array.from({ length: count }, (_, i) => {
          const isUp = flipped?.index === i;
          return (
            <button
              key={i}
              type="button"
              className={`gp-flip${isUp ? ' gp-flipped' : ''}`}
              disabled={disabled || round.busy}
              onClick={() => flip(i)}
              aria-label={t('draw.card', { index: i + 1 })}
              data-card={i}
              {...(isUp && round.phase === 'shown'
                ? { 'data-landed': 'true', 'data-prize-id': flipped.result.prize.id ?? '' }
                : {})}
            >
              <span className="gp-flip-inner">
                <span className="gp-flip-back" style={backStyle} />
                <span className="gp-flip-front">
                  {isUp ? <PrizeFace prize={flipped.result.prize} /> : null}
                </span>
              </span>
            </button>
          );
        })}
      </div>
      {round.result ? (
        <ResultDialog
          result={round.result}
          onClose={() => {
            round.close();
            setFlipped(null);
          }}
          onClaim={onClaim}
        />
      ) : null}
    </div>
  );
}
