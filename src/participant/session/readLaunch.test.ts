import { describe, expect, it } from 'vitest';
import { readLaunch } from './readLaunch';

describe('readLaunch', () => {
  it('reads a signed hand-off and drops it (and an app token) from the address, keeping the rest', () => {
    const launch = readLaunch(
      'https://h.example/p/c1?u=user-1&exp=1800000000&sig=abc_-1&ch=spring&inviter=AB23CD45#top',
    );
    expect(launch.handoff).toEqual({ userId: 'user-1', exp: 1800000000, sig: 'abc_-1' });
    expect(launch.ch).toBe('spring');
    expect(launch.inviter).toBe('AB23CD45');
    expect(launch.cleanUrl).toBe('/p/c1?ch=spring&inviter=AB23CD45#top');
    const app = readLaunch('https://h.example/p/c1?token=t0k3n&lang=en-US');
    expect(app.appToken).toBe('t0k3n');
    expect(app.lang).toBe('en-US');
    expect(app.cleanUrl).toBe('/p/c1?lang=en-US');
  });

  it('never sends malformed values: they are dropped, and the credentials still leave the address', () => {
    const launch = readLaunch(
      'https://h.example/p/c1?u=a%20b&exp=soon&sig=x&ch=a%20b&inviter=no-dash&preview=pv',
    );
    expect(launch.handoff).toBeUndefined();
    expect(launch.ch).toBeUndefined();
    expect(launch.inviter).toBeUndefined();
    expect(launch.preview).toBe('pv');
    expect(launch.cleanUrl).toBe('/p/c1?ch=a+b&inviter=no-dash&preview=pv');
    expect(readLaunch('https://h.example/p/c1').cleanUrl).toBe('/p/c1');
  });
});
