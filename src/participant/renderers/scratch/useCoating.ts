import { useCallback, useEffect, useRef } from 'react';
import { coverWithImage, labelCoating, paintCoating } from './paintCoating';
import { scratchGrid, type ScratchGrid } from './scratchGrid';

/**
 * The coating on the card's canvas: painted fresh for each card (`card` goes up) in its colour,
 * its picture over it once loaded, and its label; painted again when the card changes size before
 * it is touched. `grid` counts what is scratched of the coating on show.
 */
export function useCoating({
  color,
  image,
  label,
  card,
}: {
  color: string;
  image: string | null;
  label: string;
  card: number;
}) {
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

  return { canvas, grid };
}
