import { describe, expect, it } from 'vitest';
import { maskAccount } from './maskAccount';

describe('maskAccount', () => {
  it('keeps two characters at each end of longer accounts', () => {
    expect(maskAccount('payer@example.com')).toBe('pa****om');
    expect(maskAccount('6222020200112233')).toBe('62****33');
    expect(maskAccount('张三李四王五赵六')).toBe('张三****赵六');
  });

  it('hides short accounts entirely', () => {
    expect(maskAccount('')).toBe('****');
    expect(maskAccount('abcdef')).toBe('****');
  });
});
