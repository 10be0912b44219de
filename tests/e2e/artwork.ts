import type { Page } from 'playwright-core';

// What a player's page shows of a template's artwork: every picture with whether it loaded, and
// the artwork a config names (the schema folders' files under /schema-assets/).

/** Every `/schema-assets/...` address a config names. */
export function assetsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.startsWith('/schema-assets/')) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => assetsOf(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => assetsOf(v, out));
  return out;
}

export interface Shown {
  /** Addresses of the pictures the page shows, as written in the page. */
  urls: string[];
  /** Those that did not load (img not complete or 0 wide, a background or SVG image that fails). */
  broken: string[];
  /** The page background's address. */
  background: string | null;
}

/** Every picture the page shows, and whether each loaded. */
export async function picturesOf(page: Page): Promise<Shown> {
  return page.evaluate(async () => {
    const root = document.querySelector('[data-testid="play-page"]') ?? document.body;
    const urls = new Set<string>();
    const broken: string[] = [];
    const imgs = [...root.querySelectorAll('img')];
    for (const img of imgs) {
      if (!img.complete) await new Promise((done) => img.addEventListener('load', done, { once: true }));
      const src = img.getAttribute('src') ?? '';
      urls.add(src);
      if (!img.complete || img.naturalWidth === 0) broken.push(src);
    }
    const others = new Set<string>();
    for (const el of root.querySelectorAll('*')) {
      for (const match of getComputedStyle(el).backgroundImage.matchAll(/url\("([^"]+)"\)/g))
        others.add(match[1]);
    }
    for (const image of root.querySelectorAll('svg image')) others.add(image.getAttribute('href') ?? '');
    for (const url of others) {
      const path = url.startsWith(location.origin) ? url.slice(location.origin.length) : url;
      urls.add(path);
      const ok = await new Promise<boolean>((done) => {
        const probe = new Image();
        probe.onload = () => done(probe.naturalWidth > 0);
        probe.onerror = () => done(false);
        probe.src = url;
      });
      if (!ok) broken.push(path);
    }
    const bg = document.querySelector('[data-testid="page-background"]');
    const bgUrl = bg ? /url\("([^"]+)"\)/.exec(getComputedStyle(bg).backgroundImage)?.[1] : undefined;
    return {
      urls: [...urls],
      broken,
      background: bgUrl ? bgUrl.replace(location.origin, '') : null,
    };
  });
}
