import { describe, expect, it } from 'vitest';
import { scriptForEditing } from './scriptForEditing';

describe('scriptForEditing', () => {
  it('unticks developersConsulted and keeps the rest', () => {
    const saved = {
      name: 'Site',
      developersConsulted: true,
      status: 'online',
      overrides: [{ key: 'a', value: 'b' }],
    };
    expect(scriptForEditing(saved)).toEqual({
      name: 'Site',
      developersConsulted: false,
      status: 'online',
      overrides: [{ key: 'a', value: 'b' }],
    });
    expect(saved.developersConsulted).toBe(true);
  });
});
