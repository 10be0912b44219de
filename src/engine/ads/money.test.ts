import { describe, expect, it } from 'vitest';
import { ecpmMicros, formatMicros, parseMoneyToMicros } from './money';

describe('parseMoneyToMicros', () => {
  it('reads decimal text exactly, with a sign and up to 6 decimals', () => {
    const cases: [string, number][] = [
      ['1.25', 1_250_000],
      ['0', 0],
      ['-0', 0],
      ['+3', 3_000_000],
      ['-0.000001', -1],
      ['.5', 500_000],
      ['7.', 7_000_000],
      ['  12.345678 ', 12_345_678],
      ['0.1', 100_000],
      ['0.3', 300_000],
      ['00042.10', 42_100_000],
      ['8999999999.999999', 8_999_999_999_999_999],
      ['-8999999999.999999', -8_999_999_999_999_999],
    ];
    for (const [text, micros] of cases) expect([text, parseMoneyToMicros(text)]).toEqual([text, micros]);
    expect(Object.is(parseMoneyToMicros('-0'), 0)).toBe(true);
  });

  it('refuses what is not such a number or too large', () => {
    for (const text of [
      '',
      ' ',
      '.',
      '-',
      '+-1',
      '1.2345678',
      '1e3',
      '1,000.00',
      '1 000',
      '$1',
      '0x10',
      'NaN',
      'Infinity',
      '9000000000',
      '9000000000.000001',
      '12345678901',
      '1.2.3',
    ])
      expect([text, parseMoneyToMicros(text)]).toEqual([text, null]);
  });
});

describe('formatMicros', () => {
  it('shows the currency with its usual decimals, and more when the amount has them', () => {
    expect(formatMicros(1_250_000, 'USD')).toBe('$1.25');
    expect(formatMicros(1_000_000, 'USD')).toBe('$1.00');
    expect(formatMicros(1234, 'USD')).toBe('$0.001234');
    expect(formatMicros(-5_000_000, 'USD')).toBe('-$5.00');
    expect(formatMicros(1_234_567_890_000, 'USD')).toBe('$1,234,567.89');
    expect(formatMicros(8_999_999_999_999_999, 'USD')).toBe('$8,999,999,999.999999');
    expect(formatMicros(1_500_000, 'JPY', 'ja-JP')).toBe('￥1.5');
    expect(formatMicros(2_000_000, 'JPY', 'ja-JP')).toBe('￥2');
    expect(formatMicros(12_340_000, 'CNY', 'zh-CN')).toBe('¥12.34');
    expect(formatMicros(12_340_000, 'EUR', 'en-US')).toBe('€12.34');
  });

  it('falls back for an unknown locale or currency code', () => {
    expect(formatMicros(1_250_000, 'USD', 'not a locale!')).toBe('$1.25');
    expect(formatMicros(1_250_000, 'dollars')).toBe('1.25 dollars');
    expect(formatMicros(-1, 'dollars')).toBe('-0.000001 dollars');
  });
});

describe('ecpmMicros', () => {
  it('is income per thousand serves, rounded, and 0 without serves', () => {
    expect(ecpmMicros(1_250_000, 500)).toBe(2_500_000);
    expect(ecpmMicros(1, 3)).toBe(333);
    expect(ecpmMicros(2, 3)).toBe(667);
    expect(ecpmMicros(5_000_000, 0)).toBe(0);
    expect(ecpmMicros(5_000_000, -1)).toBe(0);
    expect(ecpmMicros(-1, 3)).toBe(-333);
    expect(Object.is(ecpmMicros(-1, 5000), 0)).toBe(true);
  });
});
