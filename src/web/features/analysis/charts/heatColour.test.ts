import { describe, expect, it } from 'vitest';
import { heatColour } from './heatColour';

describe('heatColour', () => {
  it('darkens with the rate and switches to white text', () => {
    expect(heatColour(0)).toEqual({ background: 'rgba(115, 103, 240, 0.06)', color: 'inherit' });
    expect(heatColour(1)).toEqual({ background: 'rgba(115, 103, 240, 0.9)', color: '#fff' });
    expect(heatColour(0.25)?.color).toBe('inherit');
    expect(heatColour(0.75)?.color).toBe('#fff');
  });

  it('clamps out-of-range rates and leaves missing ones plain', () => {
    expect(heatColour(2)).toEqual(heatColour(1));
    expect(heatColour(-1)).toEqual(heatColour(0));
    expect(heatColour(null)).toBeUndefined();
    expect(heatColour(Number.NaN)).toBeUndefined();
  });
});
