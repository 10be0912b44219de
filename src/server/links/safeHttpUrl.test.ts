import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safeHttpUrl';

describe('safeHttpUrl', () => {
  it('keeps http(s) addresses and completes www. ones', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl('http://example.com')).toBe('http://example.com/');
    expect(safeHttpUrl('www.example.com/x')).toBe('https://www.example.com/x');
  });

  it('refuses everything else', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      'file:///etc/passwd',
      'ftp://example.com',
      '//evil.example.com',
      '/relative',
      'https://exa mple.com',
      'https://example.com/\u0000',
      'example://open',
      '',
      undefined,
    ]) {
      expect(safeHttpUrl(bad), String(bad)).toBeUndefined();
    }
  });
});
