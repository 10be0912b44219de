/**
 * What of a scratch card's coating is gone, kept as a grid of small cells rather than read back
 * from the canvas: a coating drawn from another site's picture cannot be read back, and the grid
 * needs no canvas at all (so it is tested as plain numbers).
 */
export interface ScratchGrid {
  width: number;
  height: number;
  /** Side of a cell, in the same units as width and height (CSS pixels on the page). */
  cell: number;
  cols: number;
  rows: number;
  /** 1 where the cell's centre has been scratched. */
  cells: Uint8Array;
  scratched: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Share of the coating that must be scratched before the rest falls away by itself. */
export const REVEAL_AT = 0.5;

/** An untouched coating of `width` x `height` in cells of side `cell`. */
export function scratchGrid(width: number, height: number, cell = 8): ScratchGrid {
  const cols = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  return { width, height, cell, cols, rows, cells: new Uint8Array(cols * rows), scratched: 0 };
}

/** Squared distance from `p` to the segment a-b. */
function distance2(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  const x = a.x + t * dx - p.x;
  const y = a.y + t * dy - p.y;
  return x * x + y * y;
}

/**
 * Scratches along a-b with a round brush of `radius` (a tap is a stroke from a point to itself):
 * every cell whose centre the brush passes over. Answers how many cells were newly cleared.
 */
export function scratchStroke(grid: ScratchGrid, a: Point, b: Point, radius: number): number {
  const { cell, cols, rows, cells } = grid;
  const r2 = radius * radius;
  const col0 = Math.max(0, Math.floor((Math.min(a.x, b.x) - radius) / cell));
  const col1 = Math.min(cols - 1, Math.floor((Math.max(a.x, b.x) + radius) / cell));
  const row0 = Math.max(0, Math.floor((Math.min(a.y, b.y) - radius) / cell));
  const row1 = Math.min(rows - 1, Math.floor((Math.max(a.y, b.y) + radius) / cell));
  let added = 0;
  for (let row = row0; row <= row1; row += 1) {
    for (let col = col0; col <= col1; col += 1) {
      const index = row * cols + col;
      if (cells[index]) continue;
      const centre = { x: (col + 0.5) * cell, y: (row + 0.5) * cell };
      if (distance2(centre, a, b) <= r2) {
        cells[index] = 1;
        added += 1;
      }
    }
  }
  grid.scratched += added;
  return added;
}

/** The share of the coating scratched off, 0..1. */
export const scratchedRatio = (grid: ScratchGrid) => grid.scratched / grid.cells.length;

/** Whether enough is scratched for the rest to clear by itself. */
export const isRevealed = (grid: ScratchGrid, at = REVEAL_AT) => scratchedRatio(grid) >= at;
