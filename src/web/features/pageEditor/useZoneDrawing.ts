import { useState, type PointerEvent as ReactPointerEvent } from 'react';
import { rectFromDrag, snapLines, snapMove, type Rect } from '../../../engine/page/hotzoneGeometry';
import { MAX_ZONES, type Zone } from './hotzones';

type Point = { x: number; y: number };

interface Options {
  zones: readonly Zone[];
  /** The smallest zone, in percent of the image. */
  min: { width: number; height: number };
  /** Edges within this many percent snap together. */
  snap: number;
  /** A pointer position in percent of the image box. */
  percentAt(event: { clientX: number; clientY: number }): Point;
  /** The drawn zone, snapped to the others (called when the pointer lifts). */
  onDrawn(rect: Rect): void;
}

/**
 * Drawing a new zone by dragging on the image itself (not on a zone), while there is room for
 * one more: the pointer handlers for the image box and the rect being drawn, to show.
 */
export function useZoneDrawing({ zones, min, snap, percentAt, onDrawn }: Options) {
  const [drawing, setDrawing] = useState<{ from: Point; to: Point } | null>(null);

  const onPointerDown = (event: ReactPointerEvent) => {
    if (
      event.target !== event.currentTarget &&
      !(event.target as HTMLElement).classList.contains('gc-hz-image')
    )
      return;
    if (zones.length >= MAX_ZONES) return;
    const at = percentAt(event);
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    setDrawing({ from: at, to: at });
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (drawing) setDrawing({ ...drawing, to: percentAt(event) });
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    if (!drawing) return;
    // The release point itself: the last move may not have been drawn yet when the pointer lifts.
    const rect = snapMove(rectFromDrag(drawing.from, percentAt(event), min), snapLines(zones), snap);
    setDrawing(null);
    onDrawn(rect);
  };

  return {
    shown: drawing ? rectFromDrag(drawing.from, drawing.to, min) : null,
    handlers: { onPointerDown, onPointerMove, onPointerUp },
  };
}
