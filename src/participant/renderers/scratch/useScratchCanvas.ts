import type { PointerEvent, RefObject } from 'react';
import { scratchLine } from './paintCoating';
import { isRevealed, scratchStroke, type Point } from './scratchGrid';
import { useCoating } from './useCoating';

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
 * The coating canvas of a scratch card (`useCoating`), scratched away by pointer strokes, which
 * count what is cleared until the card counts as revealed.
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
  const { canvas, grid } = useCoating({ color, image, label, card });

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
