import { describe, expect, it } from 'vitest';
import { bannerUrl } from './bannerUrl';

const LINK = 'http://demo.localhost:3000/AbC123';
const PARAMS = { utm_source: 'banner', utm_campaign: 'spring', gc_src: 'banner', gc_tid: 'b1' };

describe('bannerUrl', () => {
  it("adds the banner's default attribution parameters and its gc_src/gc_tid", () => {
    expect(bannerUrl(LINK, PARAMS, 'https://shop.example.com/item?id=9')).toBe(
      'http://demo.localhost:3000/AbC123?utm_source=banner&utm_campaign=spring&gc_src=banner&gc_tid=b1',
    );
  });

  it("lets the page's own utm_* parameters win, and only those", () => {
    expect(
      bannerUrl(
        LINK,
        PARAMS,
        'https://shop.example.com/?utm_source=newsletter&utm_medium=email&ref=x&utm_term=',
      ),
    ).toBe(
      'http://demo.localhost:3000/AbC123?utm_source=newsletter&utm_campaign=spring&gc_src=banner&gc_tid=b1&utm_medium=email',
    );
  });

  it('keeps gc_src and gc_tid whatever the page says', () => {
    const url = new URL(bannerUrl(LINK, PARAMS, 'https://shop.example.com/?gc_src=script&gc_tid=zz'));
    expect(url.searchParams.get('gc_src')).toBe('banner');
    expect(url.searchParams.get('gc_tid')).toBe('b1');
  });

  it("keeps the link's own query and encodes values", () => {
    expect(bannerUrl(`${LINK}?x=1`, { a: 'b c&d' }, 'https://shop.example.com/')).toBe(
      `${LINK}?x=1&a=b+c%26d`,
    );
  });
});
