import { describe, expect, it } from 'vitest';
import { BROWSERS, ROBOTS } from './testUserAgents';
import { parseUserAgent } from './userAgent';

describe('parseUserAgent', () => {
  it.each([...BROWSERS, ...ROBOTS])('%s', (ua, platform, os, osVersion, bot) => {
    expect(parseUserAgent(ua)).toEqual({ platform, bot, os, osVersion });
  });

  it('takes a Mac user agent with touch points for an iPad (iPadOS 13+ asks for desktop sites)', () => {
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    expect(parseUserAgent(ipad, 5)).toEqual({ platform: 'ios', bot: false, os: 'iOS', osVersion: '17.4' });
    // From the user agent alone (a server, or a Mac's one touch point of a trackpad) it is a Mac.
    expect(parseUserAgent(ipad, 1).platform).toBe('desktop');
  });
});
