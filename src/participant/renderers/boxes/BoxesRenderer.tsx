import { useState } from 'react';
import { useT } from '../../i18n/texts';
import type { DrawResult, RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import { useDrawRound } from '../useDrawRound';
import { useAutoDraw } from '../useAutoDraw';
import { prefersReducedMotion, wait } from '../loadImage';

const clampCount = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(12, Math.max(3, value)) : fallback;

/** Blind boxes: a grid of `boxCount` boxes; the one tapped opens with the drawn prize. */
export function BoxesRenderer(props: RendererProps) {
  const t = useT();
  const { game, disabled, button, autoDraw, onClaim } = props;
  const count = clampCount(game.boxCount, 6);
  const [picked, setPicked] = useState<number | null>(null);
  const [opened, setOpened] = useState<{ index: number; result: DrawResult } | null>(null);
  const [shuffling, setShuffling] = useState(false);
  const round = useDrawRound(props);

  const open = (index: number) => {
    if (round.busy || disabled || shuffling) return;
    setPicked(index);
    void round
      .start(async (result) => {
        setOpened({ index, result });
        await wait(prefersReducedMotion() ? 0 : 700);
      })
      // A refused draw closes the picked box again.
      .then((shown) => (shown ? undefined : setPicked(null)));
  };

  useAutoDraw(autoDraw, () => open(Math.floor(Math.random() * count)));

  const close = async () => {
    round.close();
    setOpened(null);
    setPicked(null);
    if (game.shuffle && !prefersReducedMotion()) {
      setShuffling(true);
      await wait(900);
      setShuffling(false);
    }
  };

  const ribbon = button.color ?? '#f5222d';
  // The configured picture of a closed box; without one the box is drawn in the ribbon colour.
  const art = game.boxImage ?? null;
  return (
    <div className="gp-renderer">
      <p className="gp-hint">{t('draw.pickBox')}</p>
      <div
        className={`gp-grid gp-boxes${shuffling ? ' gp-shuffling' : ''}`}
        data-testid="boxes"
        data-count={count}
      >
        {Array.from({ length: count }, (_, i) => {
          const isOpen = opened?.index === i;
          return (
            <button
              key={i}
              type="button"
              className={`gp-box${art ? ' gp-box-has-art' : ''}${isOpen ? ' gp-open' : ''}${picked === i && !isOpen ? ' gp-picked' : ''}`}
              disabled={disabled || round.busy || shuffling}
              onClick={() => open(i)}
              aria-label={t('draw.box', { index: i + 1 })}
              data-box={i}
              {...(isOpen && round.phase === 'shown'
                ? { 'data-landed': 'true', 'data-prize-id': opened.result.prize.id ?? '' }
                : {})}
            >
              {art ? (
                <img className="gp-box-art" src={art} alt="" draggable={false} />
              ) : (
                <span className="gp-box-lid" style={{ borderColor: ribbon }} />
              )}
              <span className="gp-box-body" style={{ ['--gp-ribbon' as string]: ribbon }}>
                {isOpen ? <PrizeFace prize={opened.result.prize} /> : null}
              </span>
            </button>
          );
        })}
      </div>
      {round.result ? (
        <ResultDialog result={round.result} onClose={() => void close()} onClaim={onClaim} />
      ) : null}
    </div>
  );
}
