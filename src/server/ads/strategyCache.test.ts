import { describe, expect, it } from 'vitest';
import { StrategyCache } from './strategyCache';
import type { ServedStrategy } from './servedStrategy';

const strategy = (id: string, projectId: string, prefix: string) =>
  ({ id, projectId, prefix }) as ServedStrategy;

describe('StrategyCache', () => {
  it('reads once, shares concurrent misses, and forgets a strategy or a project', async () => {
    let reads = 0;
    let prefix = 'one';
    const cache = new StrategyCache({
      load: async (id) => {
        reads += 1;
        return id === 'missing' ? null : strategy(id, id === 's3' ? 'p2' : 'p1', prefix);
      },
    });
    const [a, b] = await Promise.all([cache.get('s1'), cache.get('s1')]);
    expect(b).toBe(a);
    expect(reads).toBe(1);
    expect(cache.peek('s1')?.prefix).toBe('one');
    expect(await cache.get('missing')).toBeNull();
    expect(cache.peek('missing')).toBeNull();
    await cache.get('s2');
    await cache.get('s3');
    prefix = 'two';
    cache.forget('s1');
    expect(cache.peek('s1')).toBeUndefined();
    expect(cache.peek('s2')?.prefix).toBe('one');
    expect((await cache.get('s1'))?.prefix).toBe('two');
    cache.forgetProject('p1');
    expect(cache.peek('s1')).toBeUndefined();
    expect(cache.peek('s2')).toBeUndefined();
    expect(cache.peek('s3')?.prefix).toBe('one');
  });

  it('does not keep a value read while a write happened, and expires entries', async () => {
    let release: () => void = () => undefined;
    const cache = new StrategyCache({
      ttlMs: 1,
      load: (id) => new Promise((resolve) => (release = () => resolve(strategy(id, 'p1', 'stale')))),
    });
    const pending = cache.get('s1');
    cache.forget('s1');
    release();
    expect((await pending)?.prefix).toBe('stale');
    expect(cache.peek('s1')).toBeUndefined();
    const next = cache.get('s1');
    release();
    await next;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cache.peek('s1')).toBeUndefined();
  });
});
