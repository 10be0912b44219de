import { describe, expect, it } from 'vitest';
import { LinkCache } from './linkCache';
import type { ResolvedLink } from './resolvedLink';

const link = (projectId: string, url: string) => ({ projectId, url }) as ResolvedLink;

describe('LinkCache', () => {
  it('reads once, shares concurrent misses, and forgets a project on invalidate', async () => {
    let reads = 0;
    let target = 'one';
    const cache = new LinkCache({
      load: async (prefix) => {
        reads += 1;
        return prefix === 'demo' ? link('p1', target) : null;
      },
    });
    const [a, b] = await Promise.all([cache.get('demo', 'Ab12Cd'), cache.get('demo', 'Ab12Cd')]);
    expect(a?.url).toBe('one');
    expect(b).toBe(a);
    expect(reads).toBe(1);
    expect(cache.peek('demo', 'Ab12Cd')?.url).toBe('one');
    expect(await cache.get('none', 'Ab12Cd')).toBeNull();
    expect(cache.peek('none', 'Ab12Cd')).toBeNull();
    target = 'two';
    cache.invalidate('p1', 'demo');
    expect(cache.peek('demo', 'Ab12Cd')).toBeUndefined();
    expect((await cache.get('demo', 'Ab12Cd'))?.url).toBe('two');
  });

  it('does not keep a value read while an edit happened', async () => {
    let release: () => void = () => undefined;
    const cache = new LinkCache({
      load: () => new Promise((resolve) => (release = () => resolve(link('p1', 'stale')))),
    });
    const pending = cache.get('demo', 'Ab12Cd');
    cache.invalidate('p1', 'demo');
    release();
    expect((await pending)?.url).toBe('stale');
    expect(cache.peek('demo', 'Ab12Cd')).toBeUndefined();
  });

  it('expires entries after the TTL', async () => {
    const cache = new LinkCache({ ttlMs: 1, load: async () => link('p1', 'x') });
    await cache.get('demo', 'Ab12Cd');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.peek('demo', 'Ab12Cd')).toBeUndefined();
  });
});
