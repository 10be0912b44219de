import { describe, expect, it } from 'vitest';
import { safeUrl } from './renderParticipantPage';

describe('safeUrl (participant page images)', () => {
  it('keeps public http(s) images and the console uploads', () => {
    expect(safeUrl('https://cdn.example.com/bg.png')).toBe('https://cdn.example.com/bg.png');
    expect(safeUrl('/uploads/p1/a.png')).toBe('/uploads/p1/a.png');
  });

  it('drops protocol-relative, internal, other local paths and anything that could break out', () => {
    for (const bad of [
      '//other.host/a.png',
      'http://127.0.0.1/a.png',
      'http://169.254.169.254/a.png',
      '/admin/a.png',
      "https://cdn.example.com/a.png');x('",
      'javascript:alert(1)',
      42,
    ])
      expect(safeUrl(bad), String(bad)).toBeUndefined();
  });
});
