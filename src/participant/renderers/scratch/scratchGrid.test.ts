import { describe, expect, it } from 'vitest';
import { REVEAL_AT, isRevealed, scratchGrid, scratchStroke, scratchedRatio } from './scratchGrid';

describe('scratch card coating', () => {
  it('starts untouched, cells covering the whole card', () => {
    const grid = scratchGrid(330, 198, 8);
    expect([grid.cols, grid.rows]).toEqual([42, 25]);
    expect(scratchedRatio(grid)).toBe(0);
    expect(isRevealed(grid)).toBe(false);
    expect(scratchGrid(0, 0).cells).toHaveLength(1);
  });

  it('clears the cells whose centre a round brush passes over, each once', () => {
    const grid = scratchGrid(80, 80, 10);
    // A tap at the centre of cell (3, 3) with a brush of 5 clears that cell only.
    expect(scratchStroke(grid, { x: 35, y: 35 }, { x: 35, y: 35 }, 5)).toBe(1);
    expect(grid.cells[3 * 8 + 3]).toBe(1);
    // A brush of 10 at the same spot also reaches the four cells beside it; the centre is not counted twice.
    expect(scratchStroke(grid, { x: 35, y: 35 }, { x: 35, y: 35 }, 10)).toBe(4);
    expect(grid.scratched).toBe(5);
    expect(scratchedRatio(grid)).toBeCloseTo(5 / 64, 10);
  });

  it('clears a band along a stroke and nothing beyond the card', () => {
    const grid = scratchGrid(100, 50, 10);
    // Left to right along the middle row's centres, brush 5: the whole row, 10 of 50 cells.
    expect(scratchStroke(grid, { x: -20, y: 25 }, { x: 140, y: 25 }, 5)).toBe(10);
    expect(scratchedRatio(grid)).toBeCloseTo(0.2, 10);
    // A diagonal stroke clears the cells it crosses.
    const diagonal = scratchGrid(50, 50, 10);
    scratchStroke(diagonal, { x: 0, y: 0 }, { x: 50, y: 50 }, 1);
    expect([...diagonal.cells].flatMap((v, i) => (v ? [i] : []))).toEqual([0, 6, 12, 18, 24]);
    // Outside the card: nothing.
    expect(scratchStroke(grid, { x: -50, y: -50 }, { x: -30, y: 200 }, 5)).toBe(0);
  });

  it('reveals at half the card by default, after finger-wide strokes back and forth', () => {
    const grid = scratchGrid(330, 198, 8);
    let strokes = 0;
    // Zig-zag strokes 36 px apart with an 18 px brush, as a finger scratches.
    for (let y = 18; !isRevealed(grid); y += 36) {
      scratchStroke(grid, { x: 10, y }, { x: 320, y: y + 10 }, 18);
      strokes += 1;
      expect(strokes).toBeLessThan(10);
    }
    expect(REVEAL_AT).toBe(0.5);
    expect(scratchedRatio(grid)).toBeGreaterThanOrEqual(0.5);
    expect(strokes).toBeGreaterThanOrEqual(3);
    expect(isRevealed(grid, 0.99)).toBe(false);
  });
});
