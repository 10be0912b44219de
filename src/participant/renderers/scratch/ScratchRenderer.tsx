import { useCallback, useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { useT } from '../../i18n/texts';
import type { DrawResult, RendererProps } from '../rendererTypes';
import { ResultDialog } from '../ResultDialog';
import { PrizeFace } from '../PrizeFace';
import { useDrawRound } from '../useDrawRound';
import { prefersReducedMotion, wait } from '../loadImage';
import { FOIL, coverWithImage, labelCoating, paintCoating, scratchLine } from './paintCoating';
import { isRevealed, scratchGrid, scratchStroke, type Point, type ScratchGrid } from './scratchGrid';
import './scratch.css';

/** The brush: about a fingertip wide, in CSS pixels. */
const BRUSH = 18;

/**
 * The scratch card: a coating (the configured card cover, `cardBack`: colour and picture) over
 * the prize. The first touch of the coating asks the server for the draw, so the prize under it
 * is decided before anything shows; once half the card is scratched the rest falls away and the
 * result opens. "Reveal" does the same without scratching (keyboard and screen readers).
 */
export function ScratchRenderer(props: RendererProps) {
  const t = useT();
  const { game, disabled, button, autoDraw, onClaim } = props;
  const color = game.cardBack?.color ?? FOIL;
  const image = game.cardBack?.image ?? null;
  const here = t('scratch.here');
  const round = useDrawRound(props);
  const canvas = useRef<HTMLCanvasElement>(null);
  const grid = useRef<ScratchGrid | null>(null);
  const last = useRef<Point | null>(null);
  // Set once the card is to be revealed (scratched enough, Reveal, or the page's own start).
  const wanted = useRef(false);
  const release = useRef<(() => void) | null>(null);
  const [drawn, setDrawn] = useState<DrawResult | null>(null);
  const [cleared, setCleared] = useState(false);
  const [card, setCard] = useState(0);
  // The same as `wanted`, for drawing the Reveal button.
  const [asked, setAsked] = useState(false);

  const paint = useCallback(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx) return;
    const { width, height } = element.getBoundingClientRect();
    if (!width || !height) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const font = getComputedStyle(element).fontFamily || 'sans-serif';
    paintCoating(ctx, width, height, color);
    labelCoating(ctx, width, height, here, font);
    grid.current = scratchGrid(width, height);
    if (!image) return;
    const picture = new Image();
    const painted = grid.current;
    picture.onload = () => {
      // A newer card, or a resize, painted since: this picture is not for it.
      if (grid.current !== painted) return;
      coverWithImage(ctx, picture, width, height);
      labelCoating(ctx, width, height, here, font);
    };
    picture.src = image;
  }, [color, image, here]);

  // A fresh coating for each card, and again when the card changes size before it is touched.
  useEffect(() => {
    paint();
    const element = canvas.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    let size = `${element.clientWidth}x${element.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const now = `${element.clientWidth}x${element.clientHeight}`;
      if (now === size || (grid.current?.scratched ?? 0) > 0) return;
      size = now;
      paint();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [paint, card]);

  const newCard = () => {
    setDrawn(null);
    setCleared(false);
    setAsked(false);
    last.current = null;
    setCard((n) => n + 1);
  };

  const reveal = () => {
    wanted.current = true;
    setAsked(true);
    release.current?.();
  };

  /** Starts the draw: the prize is the server's before the player sees any of it. */
  const begin = () => {
    if (round.busy || disabled) return false;
    wanted.current = false;
    setAsked(false);
    void round
      .start(async (result) => {
        setDrawn(result);
        if (!wanted.current) await new Promise<void>((resolve) => (release.current = resolve));
        release.current = null;
        setCleared(true);
        await wait(prefersReducedMotion() ? 0 : 450);
      })
      // A refused draw: the card gets its coating back.
      .then((shown) => (shown ? undefined : newCard()));
    return true;
  };

  const revealNow = () => {
    if (!round.busy && !begin()) return;
    reveal();
  };

  const lastAuto = useRef(autoDraw);
  useEffect(() => {
    if (autoDraw === lastAuto.current) return;
    lastAuto.current = autoDraw;
    revealNow();
  });

  const scratch = (a: Point, b: Point) => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) scratchLine(ctx, a, b, BRUSH);
    if (!grid.current) return;
    scratchStroke(grid.current, a, b, BRUSH);
    if (isRevealed(grid.current)) reveal();
  };

  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const scratchable = !disabled && !cleared && round.phase !== 'shown';
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!scratchable) return;
    if (!round.busy && !begin()) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointOf(event);
    last.current = point;
    scratch(point, point);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!last.current || !scratchable) return;
    const point = pointOf(event);
    scratch(last.current, point);
    last.current = point;
  };
  const onPointerUp = () => {
    last.current = null;
  };

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
            ref={canvas}
            className={`gp-scratch-canvas${cleared ? ' gp-scratch-cleared' : ''}`}
            data-testid="scratch-canvas"
            aria-hidden="true"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
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
