import { Suspense, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { onDemand } from './onDemand';
import type { RendererProps } from './rendererTypes';

const props = {} as RendererProps;
const Drawn = () => createElement('div', { 'data-testid': 'drawn' }, 'drawn');

describe('onDemand', () => {
  it('fetches the chunk once, however many views and loads ask for it', async () => {
    let fetched = 0;
    const renderer = onDemand(async () => {
      fetched += 1;
      return Drawn;
    });
    await Promise.all([renderer.load(), renderer.load()]);
    await renderer.load();
    renderToString(createElement(renderer, props));
    expect(fetched).toBe(1);
  });

  it('waits in the Suspense around it while its chunk is on the way', () => {
    const renderer = onDemand(() => new Promise(() => {}));
    const view = renderToString(
      createElement(Suspense, { fallback: 'waiting' }, createElement(renderer, props)),
    );
    expect(view).toContain('waiting');
    expect(view).not.toContain('drawn');
  });

  it('draws the renderer in the first render once its chunk is here', async () => {
    const renderer = onDemand(async () => Drawn);
    await renderer.load();
    // No Suspense around it: a view that had to wait could not be drawn.
    expect(renderToString(createElement(renderer, props))).toBe('<div data-testid="drawn">drawn</div>');
  });

  it('tries again after a failed fetch', async () => {
    let attempts = 0;
    const renderer = onDemand(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Drawn;
    });
    await expect(renderer.load()).rejects.toThrow('offline');
    await renderer.load();
    expect(attempts).toBe(2);
    expect(renderToString(createElement(renderer, props))).toContain('drawn');
  });
});
