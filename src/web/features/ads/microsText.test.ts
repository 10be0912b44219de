import { describe, expect, it } from 'vitest';
import { microsToText } from './microsText';

describe('microsToText', () => {
  it('writes whole units and up to six decimals without trailing zeros', () => {
    expect(microsToText(1_250_000)).toBe('1.25');
    expect(microsToText(1_000_000)).toBe('1');
    expect(microsToText(1)).toBe('0.000001');
    expect(microsToText(0)).toBe('0');
    expect(microsToText(123_456_789)).toBe('123.456789');
  });

  it('keeps the sign and large amounts exact', () => {
    expect(microsToText(-500_000)).toBe('-0.5');
    expect(microsToText(8_999_999_999_999_999)).toBe('8999999999.999999');
  });

  it('writes nothing for a value that is not an integer', () => {
    expect(microsToText(1.5)).toBe('');
    expect(microsToText(Number.NaN)).toBe('');
  });
});
