import { describe, expect, it } from 'vitest';
import { readOfferwallLaunch } from './readOfferwallLaunch';

describe('readOfferwallLaunch', () => {
  it('reads a signed hand-off or an app token and drops them from the address, keeping the rest', () => {
    const launch = readOfferwallLaunch(
      'https://h.example/o/p1?u=amy%40x.io&exp=1800000000&sig=ab_-1&lang=en-US#top',
    );
    expect(launch.handoff).toEqual({ userId: 'amy@x.io', exp: 1800000000, sig: 'ab_-1' });
    expect(launch.lang).toBe('en-US');
    expect(launch.cleanUrl).toBe('/o/p1?lang=en-US#top');
    const app = readOfferwallLaunch('https://h.example/o/p1?token=t0k3n');
    expect(app.appToken).toBe('t0k3n');
    expect(app.cleanUrl).toBe('/o/p1');
  });

  it('never sends malformed values, and the credentials still leave the address', () => {
    const launch = readOfferwallLaunch('https://h.example/o/p1?u=a%20b&exp=soon&sig=x&lang=%3Cscript%3E');
    expect(launch.handoff).toBeUndefined();
    expect(launch.lang).toBeUndefined();
    expect(launch.cleanUrl).toBe('/o/p1?lang=%3Cscript%3E');
  });
});
