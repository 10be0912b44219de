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
