import { describe, expect, it } from 'vitest';
import { redirectTargetProblem, safeHttpUrl } from './safeHttpUrl';

describe('safeHttpUrl', () => {
  it('keeps http(s) addresses and completes www. ones', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl('http://example.com')).toBe('http://example.com/');
    expect(safeHttpUrl('www.example.com/x')).toBe('https://www.example.com/x');
    expect(safeHttpUrl('  https://example.com/a  ')).toBe('https://example.com/a');
  });

  it('names what a refused redirect target lacks', () => {
    expect(redirectTargetProblem('https://example.com')).toBeUndefined();
    expect(redirectTargetProblem('ftp://example.com')).toBe('redirectUrl');
    expect(redirectTargetProblem('http://127.0.0.1:22')).toBe('urlPrivateHost');
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
      'http://127.0.0.1:22',
      'https://localhost/x',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      '',
      undefined,
    ]) {
      expect(safeHttpUrl(bad), String(bad)).toBeUndefined();
    }
  });
});
