import { describe, expect, it } from 'vitest';
import { ServedTargets } from './servedTargets';

describe('the cache of served banners and scripts', () => {
  it('loads once for callers arriving together, then answers from memory until forgotten', async () => {
    const served = new ServedTargets();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { projectId: 'p', answer: { n: loads } };
    };
    const [a, b] = await Promise.all([served.get('banner', 'x', load), served.get('banner', 'x', load)]);
    expect(a).toEqual({ projectId: 'p', answer: { n: 1 } });
    expect(b).toBe(a);
    expect(await served.get('banner', 'x', load)).toBe(a);
    // Kinds do not share entries.
    expect(await served.get('script', 'x', load)).toEqual({ projectId: 'p', answer: { n: 2 } });
    served.forget('x');
    expect(await served.get('banner', 'x', load)).toEqual({ projectId: 'p', answer: { n: 3 } });
  });

  it('remembers "not served" too, and keeps no answer loaded before a write that dropped it', async () => {
    const served = new ServedTargets();
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<{ projectId: string; answer: string }>((resolve) => {
        release = () => resolve({ projectId: 'p', answer: 'before the write' });
      });
    const pending = served.get('script', 'y', slow);
    served.forget('y');
    release();
    expect((await pending)?.answer).toBe('before the write');
    expect(await served.get('script', 'y', async () => null)).toBeNull();
    expect(await served.get('script', 'y', async () => ({ projectId: 'p', answer: 'later' }))).toBeNull();
  });
});
