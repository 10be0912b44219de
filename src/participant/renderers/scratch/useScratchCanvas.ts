import { useCallback, useEffect, useRef, type PointerEvent, type RefObject } from 'react';
import { coverWithImage, labelCoating, paintCoating, scratchLine } from './paintCoating';
import { isRevealed, scratchGrid, scratchStroke, type Point, type ScratchGrid } from './scratchGrid';

/** The brush: about a fingertip wide, in CSS pixels. */
const BRUSH = 18;

interface Input {
  /** The coating: its colour, picture (over the colour) and the label on it. */
  color: string;
  image: string | null;
  label: string;
  /** Goes up for each fresh card: a new coating. */
  card: number;
  /** Strokes scratch now. */
  scratchable: boolean;
  /** Where the stroke under way last was; null when none is. */
  strokeRef: RefObject<Point | null>;
  /** The first touch: answers whether the card may be scratched (its draw started or under way). */
  onTouch(): boolean;
  /** Enough of the card is scratched. */
  onRevealed(): void;
}

const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
  const box = event.currentTarget.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
};

/**
 * The coating canvas of a scratch card: painted fresh for each card (and again when the card
 * changes size before it is touched), scratched away by pointer strokes, which count what is
 * cleared until the card counts as revealed.
 */
export function useScratchCanvas({
  color,
  image,
  label,
  card,
  scratchable,
  strokeRef,
  onTouch,
  onRevealed,
}: Input) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const grid = useRef<ScratchGrid | null>(null);

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
    labelCoating(ctx, width, height, label, font);
    grid.current = scratchGrid(width, height);
    if (!image) return;
    const picture = new Image();
    const painted = grid.current;
    picture.onload = () => {
      // A newer card, or a resize, painted since: this picture is not for it.
      if (grid.current !== painted) return;
      coverWithImage(ctx, picture, width, height);
      labelCoating(ctx, width, height, label, font);
    };
    picture.src = image;
  }, [color, image, label]);

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

  const scratch = (a: Point, b: Point) => {
    const ctx = canvas.current?.getContext('2d');
    if (ctx) scratchLine(ctx, a, b, BRUSH);
    if (!grid.current) return;
    scratchStroke(grid.current, a, b, BRUSH);
    if (isRevealed(grid.current)) onRevealed();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!scratchable) return;
    if (!onTouch()) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointOf(event);
    strokeRef.current = point;
    scratch(point, point);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!strokeRef.current || !scratchable) return;
    const point = pointOf(event);
    scratch(strokeRef.current, point);
    strokeRef.current = point;
  };
  const onPointerUp = () => {
    strokeRef.current = null;
  };

  return {
    ref: canvas,
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: onPointerUp,
  };
}
