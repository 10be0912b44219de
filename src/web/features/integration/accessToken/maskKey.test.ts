import { describe, expect, it } from 'vitest';
import { maskKey } from './maskKey';

describe('maskKey', () => {
  it('shows only the ends of a key', () => {
    expect(maskKey('abcd1234efgh5678')).toBe('abcd••••••••5678');
    expect(maskKey('abcd1234efgh5678')).not.toContain('1234efgh');
  });

  it('hides short keys completely and caps the dots', () => {
    expect(maskKey('abcdefgh')).toBe('••••••••');
    expect(maskKey('a'.repeat(60))).toBe(`aaaa${'•'.repeat(16)}aaaa`);
  });
});
