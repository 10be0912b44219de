/**
 * Hotzone geometry in percent of the image as shown (x, y from the top left; width, height), the
 * way hotzones are stored: four decimals, inside the image, never smaller than a tap.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';

/** Four decimals, as stored. */
export const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The smallest tap target: 88 design px (44 CSS px on a 375 px phone). */
export const MIN_TAP_DESIGN_PX = 88;
const DESIGN_WIDTH = 750;

/**
 * The smallest zone in percent of an image of `ratio` = width / height shown at the page's
 * design width: 88 design px each way.
 */
export function minZoneSize(ratio: number): { width: number; height: number } {
  const shownHeight = DESIGN_WIDTH / (ratio > 0 ? ratio : 750 / 1334);
  return {
    width: round4(Math.min(100, (MIN_TAP_DESIGN_PX / DESIGN_WIDTH) * 100)),
    height: round4(Math.min(100, (MIN_TAP_DESIGN_PX / shownHeight) * 100)),
  };
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** A rect moved and shrunk as needed to lie inside the image, rounded. */
export function clampRect(rect: Rect): Rect {
  const width = clamp(rect.width, 0, 100);
  const height = clamp(rect.height, 0, 100);
  return {
    x: round4(clamp(rect.x, 0, 100 - width)),
    y: round4(clamp(rect.y, 0, 100 - height)),
    width: round4(width),
    height: round4(height),
  };
}

/** The rect spanned by a drag from `a` to `b` (percent points), at least the minimum size. */
export function rectFromDrag(
  a: { x: number; y: number },
  b: { x: number; y: number },
  min: { width: number; height: number },
): Rect {
  const x0 = clamp(Math.min(a.x, b.x), 0, 100);
  const y0 = clamp(Math.min(a.y, b.y), 0, 100);
  const x1 = clamp(Math.max(a.x, b.x), 0, 100);
  const y1 = clamp(Math.max(a.y, b.y), 0, 100);
  return clampRect({
    x: x0,
    y: y0,
    width: Math.max(min.width, x1 - x0),
    height: Math.max(min.height, y1 - y0),
  });
}

/** The rect moved by (dx, dy) percent, kept inside the image. */
export function moveRect(rect: Rect, dx: number, dy: number): Rect {
  return clampRect({ ...rect, x: rect.x + dx, y: rect.y + dy });
}

/**
 * The rect with one edge or corner dragged by (dx, dy) percent: the opposite edges stay put,
 * the size never goes below `min` nor past the image.
 */
export function resizeRect(
  rect: Rect,
  handle: Handle,
  dx: number,
  dy: number,
  min: { width: number; height: number },
): Rect {
  let left = rect.x;
  let top = rect.y;
  let right = rect.x + rect.width;
  let bottom = rect.y + rect.height;
  if (handle.includes('w')) left = clamp(left + dx, 0, right - min.width);
  if (handle.includes('e')) right = clamp(right + dx, left + min.width, 100);
  if (handle.includes('n')) top = clamp(top + dy, 0, bottom - min.height);
  if (handle.includes('s')) bottom = clamp(bottom + dy, top + min.height, 100);
  return clampRect({ x: left, y: top, width: right - left, height: bottom - top });
}

/** The edges a zone may snap to: the image's and every other zone's. */
export function snapLines(others: readonly Rect[]): { xs: number[]; ys: number[] } {
  const xs = [0, 100];
  const ys = [0, 100];
  for (const r of others) {
    xs.push(r.x, r.x + r.width);
    ys.push(r.y, r.y + r.height);
  }
  return { xs, ys };
}

function nearest(value: number, lines: readonly number[], threshold: number): number | null {
  let best: number | null = null;
  for (const line of lines) {
    const d = line - value;
    if (Math.abs(d) <= threshold && (best === null || Math.abs(d) < Math.abs(best))) best = d;
  }
  return best;
}

/**
 * A moved rect snapped to the nearest line within `threshold` percent: on each axis the start or
 * the end edge, whichever is closer, lands on the line and the size is kept.
 */
export function snapMove(rect: Rect, lines: { xs: number[]; ys: number[] }, threshold: number): Rect {
  const dx = [nearest(rect.x, lines.xs, threshold), nearest(rect.x + rect.width, lines.xs, threshold)]
    .filter((d): d is number => d !== null)
    .sort((a, b) => Math.abs(a) - Math.abs(b))[0];
  const dy = [nearest(rect.y, lines.ys, threshold), nearest(rect.y + rect.height, lines.ys, threshold)]
    .filter((d): d is number => d !== null)
    .sort((a, b) => Math.abs(a) - Math.abs(b))[0];
  return clampRect({ ...rect, x: rect.x + (dx ?? 0), y: rect.y + (dy ?? 0) });
}

/** A resized rect whose dragged edges snap to the nearest line within `threshold` percent. */
export function snapResize(
  rect: Rect,
  handle: Handle,
  lines: { xs: number[]; ys: number[] },
  threshold: number,
  min: { width: number; height: number },
): Rect {
  let { x, y, width, height } = rect;
  if (handle.includes('w')) {
    const d = nearest(x, lines.xs, threshold);
    if (d !== null && width - d >= min.width) {
      x += d;
      width -= d;
    }
  }
  if (handle.includes('e')) {
    const d = nearest(x + width, lines.xs, threshold);
    if (d !== null && width + d >= min.width) width += d;
  }
  if (handle.includes('n')) {
    const d = nearest(y, lines.ys, threshold);
    if (d !== null && height - d >= min.height) {
      y += d;
      height -= d;
    }
  }
  if (handle.includes('s')) {
    const d = nearest(y + height, lines.ys, threshold);
    if (d !== null && height + d >= min.height) height += d;
  }
  return clampRect({ x, y, width, height });
}
