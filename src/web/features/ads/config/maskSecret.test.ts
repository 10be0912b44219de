import { describe, expect, it } from 'vitest';
import { maskSecret } from './maskSecret';

describe('maskSecret', () => {
  it('keeps the first four characters', () => {
    expect(maskSecret('abcdefghijklmnop')).toBe('abcd****');
  });
  it('leaves a masked secret alone', () => {
    expect(maskSecret('abcd****')).toBe('abcd****');
  });
});
