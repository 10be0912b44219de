import { describe, expect, it } from 'vitest';
import { serveQuery } from './serveQuery';

describe('serveQuery', () => {
  it('reads vid, lang and page (the first of each), decoded, control characters dropped', () => {
    expect(serveQuery('/s/abc')).toEqual({});
    expect(serveQuery('/s/abc?')).toEqual({});
    expect(
      serveQuery(
        '/s/abc?vid=v%201&lang=en-US&page=https%3A%2F%2Fx.example.com%2Fa%3Fb%3D1&vid=second&other=1',
      ),
    ).toEqual({ vid: 'v 1', lang: 'en-US', page: 'https://x.example.com/a?b=1' });
    expect(serveQuery('/s/abc?vid=a+b&lang')).toEqual({ vid: 'a b', lang: '' });
    expect(serveQuery('/s/abc?vid=%E0%A4%A&page=x%00y%0Az')).toEqual({ vid: '%E0%A4%A', page: 'xyz' });
    expect(serveQuery(`/s/abc?page=${'a'.repeat(9000)}`).page).toHaveLength(2000);
  });
});
