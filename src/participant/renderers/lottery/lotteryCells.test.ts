import { describe, expect, it } from 'vitest';
import { landingCell, lotteryCells, lotterySteps, withPrize } from './lotteryCells';

const prize = (id: string, isThank = false) => ({ id, name: id, image: null, isThank, description: null });

describe('lottery grid', () => {
  it('spreads few prizes and fills the gaps with thank-you', () => {
    const cells = lotteryCells([prize('a'), prize('b'), prize('c'), prize('t', true)]);
    expect(cells.map((c) => c.id)).toEqual(['a', 't', 'b', 't', 't', 'c', 't', 't']);
  });

  it('repeats prizes when there is no thank-you, and keeps 7 + thank-you of a long list', () => {
    expect(lotteryCells([prize('a'), prize('b'), prize('c')]).map((c) => c.id)).toEqual([
      'a',
      'b',
      'c',
      'a',
      'b',
      'c',
      'a',
      'b',
    ]);
    const many = [...'abcdefghij'].map((id) => prize(id)).concat(prize('t', true));
    expect(lotteryCells(many).map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 't']);
  });

  it('puts a drawn prize that is off the grid on a prize cell, never on the thank-you', () => {
    const many = [...'abcdefghij'].map((id) => prize(id)).concat(prize('t', true));
    const { cells, index } = withPrize(lotteryCells(many), prize('j'));
    expect(cells[index].id).toBe('j');
    expect(cells.filter((c) => c.isThank)).toHaveLength(1);
    expect(withPrize(lotteryCells(many), prize('c')).index).toBe(2);
  });

  it('steps round the ring and stops on the target, slowing down at the end', () => {
    for (let from = 0; from < 8; from += 1)
      for (let target = 0; target < 8; target += 1) {
        const steps = lotterySteps(from, target);
        expect((from + steps.length) % 8).toBe(target);
        expect(steps.length).toBeGreaterThanOrEqual(24);
      }
    const steps = lotterySteps(0, 5);
    expect(steps.at(-1)).toBeGreaterThan(steps[0]);
  });

  it('stops on the drawn prize, a listed thank-you for an unlisted one, else a cell it takes', () => {
    const cells = lotteryCells([prize('a'), prize('b'), prize('t', true)]);
    const drawn = (id: string | null, isThank = false) => ({ id, name: `drawn ${id}`, image: null, isThank });
    const b = landingCell(cells, drawn('b'));
    expect(b.cells).toBe(cells);
    expect(cells[b.index].id).toBe('b');
    const thank = landingCell(cells, drawn(null, true));
    expect(thank.cells).toBe(cells);
    expect(cells[thank.index].isThank).toBe(true);
    const other = landingCell(cells, drawn('gone'));
    expect(other.cells).not.toBe(cells);
    expect(other.cells[other.index]).toMatchObject({ id: 'gone', name: 'drawn gone' });
    expect(other.cells.filter((cell) => cell.isThank).length).toBeGreaterThan(0);
  });
});
