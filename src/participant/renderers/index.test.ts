import { describe, expect, it } from 'vitest';
import { MECHANICS } from '../../engine/play/mechanics';
import { RENDERERS, rendererOf } from './index';

describe('renderer registry', () => {
  it('draws every renderer a mechanic names, and nothing no mechanic names', () => {
    const named = Object.entries(MECHANICS).flatMap(([mechanic, spec]) =>
      spec.renderers.map((renderer) => `${mechanic}: ${renderer}`),
    );
    const missing = named.filter((line) => !rendererOf(line.split(': ')[1]));
    expect(missing, 'renderers a mechanic names (src/engine/play/mechanics.ts) without a component').toEqual(
      [],
    );
    const drawn = new Set(named.map((line) => line.split(': ')[1]));
    expect(
      Object.keys(RENDERERS).filter((name) => !drawn.has(name)),
      'components no mechanic names (add the name to its mechanic`s renderers)',
    ).toEqual([]);
  });

  it('draws the slot machine and the scratch card for the draw', () => {
    expect(MECHANICS.draw.renderers).toEqual(expect.arrayContaining(['slots', 'scratch']));
    expect(rendererOf('slots')).toBe(RENDERERS.slots);
    expect(rendererOf('scratch')).toBe(RENDERERS.scratch);
    expect(rendererOf('toString')).toBeUndefined();
    expect(rendererOf(null)).toBeUndefined();
  });
});
