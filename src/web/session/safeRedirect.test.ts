import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safeRedirect';

describe('safeRedirect', () => {
  it('keeps same-origin paths', () => {
    expect(safeRedirect('/manageLink/p1?x=1')).toBe('/manageLink/p1?x=1');
  });
  it('rejects other origins and odd values', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
      '/login?redirect=/x',
      '/\tx',
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
