import { describe, expect, it } from 'vitest';
import { microsText, moneyIn } from './money';

describe('offerwall money', () => {
  it('writes micros as the exact decimal the amount field takes', () => {
    expect(microsText(0)).toBe('0');
    expect(microsText(2_300_000)).toBe('2.3');
    expect(microsText(1)).toBe('0.000001');
    expect(microsText(12_000_000)).toBe('12');
  });

  it('formats in the page language, another currency when a row names one', () => {
    const en = moneyIn('USD', 'en-US');
    expect(en(1_500_000)).toBe('$1.50');
    expect(en(-2_000_000)).toBe('-$2.00');
    expect(en(1_000_000, 'EUR')).toBe('€1.00');
    expect(moneyIn('USD', 'zh-CN')(0)).toBe('US$0.00');
  });
});
