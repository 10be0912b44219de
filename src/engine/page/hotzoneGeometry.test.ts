import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import {
  clampRect,
  minZoneSize,
  moveRect,
  rectFromDrag,
  resizeRect,
  round4,
  snapLines,
  snapMove,
  snapResize,
  type Handle,
  type Rect,
} from './hotzoneGeometry';

const MIN = { width: 10, height: 5 };

describe('hotzone geometry (percent of the image)', () => {
  it('keeps four decimals', () => {
    expect(round4(12.345678)).toBe(12.3457);
    expect(clampRect({ x: 1 / 3, y: 2 / 3, width: 10, height: 10 })).toEqual({
      x: 0.3333,
      y: 0.6667,
      width: 10,
      height: 10,
    });
  });

  it('sizes the smallest zone at 88 design px whatever the image ratio', () => {
    // 750 x 1334: 88 px is 11.7333 % of the width and 6.5967 % of the height.
    expect(minZoneSize(750 / 1334)).toEqual({ width: 11.7333, height: 6.5967 });
    // A 750 x 300 banner: 88 / 300 of its height.
    expect(minZoneSize(750 / 300)).toEqual({ width: 11.7333, height: 29.3333 });
  });

  it('draws a zone from a drag in any direction, at least the minimum, inside the image', () => {
    expect(rectFromDrag({ x: 50, y: 40 }, { x: 20, y: 10 }, MIN)).toEqual({
      x: 20,
      y: 10,
      width: 30,
      height: 30,
    });
    expect(rectFromDrag({ x: 95, y: 97 }, { x: 96, y: 98 }, MIN)).toEqual({
      x: 90,
      y: 95,
      width: 10,
      height: 5,
    });
    expect(rectFromDrag({ x: -20, y: 50 }, { x: 130, y: 60 }, MIN)).toEqual({
      x: 0,
      y: 50,
      width: 100,
      height: 10,
    });
  });

  it('moves a zone inside the image and resizes it from any handle, keeping the opposite edges', () => {
    const r: Rect = { x: 20, y: 20, width: 30, height: 20 };
    expect(moveRect(r, 60, -30)).toEqual({ x: 70, y: 0, width: 30, height: 20 });
    expect(resizeRect(r, 'se', 10, 5, MIN)).toEqual({ x: 20, y: 20, width: 40, height: 25 });
    expect(resizeRect(r, 'nw', -5, -5, MIN)).toEqual({ x: 15, y: 15, width: 35, height: 25 });
    // Never below the minimum: the dragged edge stops.
    expect(resizeRect(r, 'w', 40, 0, MIN)).toEqual({ x: 40, y: 20, width: 10, height: 20 });
    expect(resizeRect(r, 'n', 0, 100, MIN)).toEqual({ x: 20, y: 35, width: 30, height: 5 });
    // Never past the image.
    expect(resizeRect(r, 'e', 500, 0, MIN)).toEqual({ x: 20, y: 20, width: 80, height: 20 });
  });

  it('snaps a moved zone to the image edges and to other zones, keeping its size', () => {
    const other: Rect = { x: 50, y: 50, width: 20, height: 10 };
    const lines = snapLines([other]);
    expect(snapMove({ x: 1.2, y: 30, width: 20, height: 10 }, lines, 1.5)).toEqual({
      x: 0,
      y: 30,
      width: 20,
      height: 10,
    });
    // Its right edge lands on the other zone's left edge.
    expect(snapMove({ x: 29, y: 30, width: 20, height: 10 }, lines, 1.5)).toEqual({
      x: 30,
      y: 30,
      width: 20,
      height: 10,
    });
    // Too far: stays.
    expect(snapMove({ x: 25, y: 30, width: 20, height: 10 }, lines, 1.5)).toEqual({
      x: 25,
      y: 30,
      width: 20,
      height: 10,
    });
    expect(snapResize({ x: 10, y: 10, width: 39, height: 10 }, 'e', lines, 1.5, MIN)).toEqual({
      x: 10,
      y: 10,
      width: 40,
      height: 10,
    });
  });

  it('sizes the smallest zone for a phone-shaped image when the ratio is not known', () => {
    const phone = minZoneSize(750 / 1334);
    expect(minZoneSize(0)).toEqual(phone);
    expect(minZoneSize(-2)).toEqual(phone);
  });

  it('offers the image edges and both edges of every other zone as snap lines', () => {
    expect(snapLines([])).toEqual({ xs: [0, 100], ys: [0, 100] });
    expect(snapLines([{ x: 10, y: 20, width: 30, height: 40 }])).toEqual({
      xs: [0, 100, 10, 40],
      ys: [0, 100, 20, 60],
    });
  });

  it('snaps to the nearest line, within the threshold inclusive; on a tie the first line wins', () => {
    const lines = { xs: [0, 100, 10, 12], ys: [0, 100] };
    const zone = (x: number) => ({ x, y: 50, width: 20, height: 10 });
    // 10 is 0.5 away, 12 is 1.5 away: the nearer wins though a farther one comes later.
    expect(snapMove(zone(10.5), lines, 3).x).toBe(10);
    // 11.5: 12 is nearer than 10.
    expect(snapMove(zone(11.5), lines, 3).x).toBe(12);
    // 11 is as far from 10 as from 12.
    expect(snapMove(zone(11), lines, 3).x).toBe(10);
    // Exactly the threshold away still snaps.
    expect(snapMove(zone(2), { xs: [0], ys: [] }, 2).x).toBe(0);
  });

  it('snaps a moved zone by whichever of its two edges is nearer a line, on each axis', () => {
    const lines = { xs: [0, 100], ys: [0, 100] };
    // Left edge 1 from 0, right edge 0.5 from 100: the right edge lands.
    expect(snapMove({ x: 1, y: 40, width: 98.5, height: 10 }, lines, 2)).toEqual({
      x: 1.5,
      y: 40,
      width: 98.5,
      height: 10,
    });
    // Left edge 0.5 from 0, right edge 1 from 100.
    expect(snapMove({ x: 0.5, y: 40, width: 98.5, height: 10 }, lines, 2)).toEqual({
      x: 0,
      y: 40,
      width: 98.5,
      height: 10,
    });
    // The same top and bottom.
    expect(snapMove({ x: 40, y: 1, width: 10, height: 98.5 }, lines, 2)).toEqual({
      x: 40,
      y: 1.5,
      width: 10,
      height: 98.5,
    });
    expect(snapMove({ x: 40, y: 0.5, width: 10, height: 98.5 }, lines, 2)).toEqual({
      x: 40,
      y: 0,
      width: 10,
      height: 98.5,
    });
    // Only the bottom edge is near a line (41): the zone moves down by 1.
    expect(snapMove({ x: 40, y: 30, width: 10, height: 10 }, { xs: [], ys: [41] }, 1.5)).toEqual({
      x: 40,
      y: 31,
      width: 10,
      height: 10,
    });
  });

  it('snaps only the dragged edges of a resized zone', () => {
    // Every edge is 1 from a line: left 21 and top 21 from 20, right 59 and bottom 59 from 60.
    const lines = { xs: [0, 100, 20, 60], ys: [0, 100, 20, 60] };
    const r: Rect = { x: 21, y: 21, width: 38, height: 38 };
    const snapped = (handle: Handle) => snapResize(r, handle, lines, 1.5, MIN);
    expect(snapped('w')).toEqual({ x: 20, y: 21, width: 39, height: 38 });
    expect(snapped('e')).toEqual({ x: 21, y: 21, width: 39, height: 38 });
    expect(snapped('n')).toEqual({ x: 21, y: 20, width: 38, height: 39 });
    expect(snapped('s')).toEqual({ x: 21, y: 21, width: 38, height: 39 });
    expect(snapped('nw')).toEqual({ x: 20, y: 20, width: 39, height: 39 });
    expect(snapped('se')).toEqual({ x: 21, y: 21, width: 39, height: 39 });
    expect(snapped('ne')).toEqual({ x: 21, y: 20, width: 39, height: 39 });
    expect(snapped('sw')).toEqual({ x: 20, y: 21, width: 39, height: 39 });
  });

  it('does not snap a resized edge when the zone would get smaller than the minimum', () => {
    const lines = { xs: [0, 100, 20], ys: [0, 100, 20] };
    const resize = (r: Rect, handle: Handle) => snapResize(r, handle, lines, 1.5, MIN);
    // The left edge 1 short of 20: snapping takes 1 off the width, allowed down to exactly 10.
    expect(resize({ x: 19, y: 50, width: 10.5, height: 10 }, 'w')).toEqual({
      x: 19,
      y: 50,
      width: 10.5,
      height: 10,
    });
    expect(resize({ x: 19, y: 50, width: 11, height: 10 }, 'w')).toEqual({
      x: 20,
      y: 50,
      width: 10,
      height: 10,
    });
    // The right edge 1 past 20.
    expect(resize({ x: 10.5, y: 50, width: 10.5, height: 10 }, 'e')).toEqual({
      x: 10.5,
      y: 50,
      width: 10.5,
      height: 10,
    });
    expect(resize({ x: 10, y: 50, width: 11, height: 10 }, 'e')).toEqual({
      x: 10,
      y: 50,
      width: 10,
      height: 10,
    });
    // The top edge 1 short of 20, the bottom edge 1 past it; the minimum height is 5.
    expect(resize({ x: 50, y: 19, width: 10, height: 5.5 }, 'n')).toEqual({
      x: 50,
      y: 19,
      width: 10,
      height: 5.5,
    });
    expect(resize({ x: 50, y: 19, width: 10, height: 6 }, 'n')).toEqual({
      x: 50,
      y: 20,
      width: 10,
      height: 5,
    });
    expect(resize({ x: 50, y: 15.5, width: 10, height: 5.5 }, 's')).toEqual({
      x: 50,
      y: 15.5,
      width: 10,
      height: 5.5,
    });
    expect(resize({ x: 50, y: 15, width: 10, height: 6 }, 's')).toEqual({
      x: 50,
      y: 15,
      width: 10,
      height: 5,
    });
    // A line too far away: nothing moves.
    expect(resize({ x: 30, y: 30, width: 20, height: 20 }, 'nw')).toEqual({
      x: 30,
      y: 30,
      width: 20,
      height: 20,
    });
  });

  it('keeps every zone inside the image and at least the minimum, over 2,000 seeded random edits', () => {
    const rng = xoroshiro128plus(20261125);
    const next = (lo: number, hi: number) => uniformInt(rng, lo, hi);
    const handles: Handle[] = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'];
    let r = rectFromDrag({ x: 10, y: 10 }, { x: 40, y: 30 }, MIN);
    for (let i = 0; i < 2000; i++) {
      const dx = next(-6000, 6000) / 100;
      const dy = next(-6000, 6000) / 100;
      const kind = next(0, 2);
      r =
        kind === 0
          ? moveRect(r, dx, dy)
          : kind === 1
            ? resizeRect(r, handles[next(0, 7)], dx, dy, MIN)
            : snapMove(moveRect(r, dx, dy), snapLines([{ x: 33, y: 47, width: 12, height: 9 }]), 2);
      expect(r.x).toBeGreaterThanOrEqual(0);
      expect(r.y).toBeGreaterThanOrEqual(0);
      expect(round4(r.x + r.width)).toBeLessThanOrEqual(100);
      expect(round4(r.y + r.height)).toBeLessThanOrEqual(100);
      expect(r.width).toBeGreaterThanOrEqual(MIN.width);
      expect(r.height).toBeGreaterThanOrEqual(MIN.height);
      expect(round4(r.x)).toBe(r.x);
    }
  });
});
