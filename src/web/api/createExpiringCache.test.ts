import { describe, expect, it } from 'vitest';
import { createExpiringCache } from './createExpiringCache';

describe('createExpiringCache', () => {
  it('forgets entries after the TTL', () => {
    let clock = 0;
    const cache = createExpiringCache(1000, () => clock);
    cache.set('/api/projects', { data: [1] });
    clock = 999;
    expect(cache.get('/api/projects')).toEqual({ data: [1] });
    clock = 1000;
    expect(cache.get('/api/projects')).toBeUndefined();
    expect([...cache.keys()]).toEqual([]);
  });
  it('deletes on demand', () => {
    const cache = createExpiringCache();
    cache.set('a', { data: 1 });
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
