import { describe, expect, it } from 'vitest';
import { intentUrl, inviteLink, playerLink } from './shareLink';
import { safeHref } from '../blocks/safeValues';

describe('share links and hotzone addresses', () => {
  it('shares the page with the player as inviter, through web share pages where a channel has one', () => {
    const link = inviteLink('https://h.example', 'c 1', 'AB23CD45');
    expect(link).toBe('https://h.example/p/c%201?inviter=AB23CD45');
    expect(inviteLink('https://h.example', 'c1', null)).toBe('https://h.example/p/c1');
    expect(intentUrl('twitter', link, 'Spin & win')).toBe(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(link)}&text=Spin%20%26%20win`,
    );
    expect(intentUrl('wechat', link, 'x')).toBeNull();
    expect(intentUrl('__proto__', link, 'x')).toBeNull();
  });

  it("shares a referral's own invite link from the server when it has one, else the page with the inviter", () => {
    expect(playerLink({ link: 'https://go.example/r/AB' }, 'https://h.example', 'c1', 'AB')).toBe(
      'https://go.example/r/AB',
    );
    expect(playerLink({ link: '' }, 'https://h.example', 'c1', 'AB')).toBe(
      'https://h.example/p/c1?inviter=AB',
    );
    expect(playerLink({ link: 7 }, 'https://h.example', 'c1', null)).toBe('https://h.example/p/c1');
    expect(playerLink(undefined, 'https://h.example', 'c1', 'AB')).toBe('https://h.example/p/c1?inviter=AB');
  });

  it('links hotzones to app and web addresses only', () => {
    expect(safeHref('myapp://home?tab=1')).toBe('myapp://home?tab=1');
    expect(safeHref('https://example.com/a')).toBe('https://example.com/a');
    for (const bad of [
      'javascript://%0Aalert(1)',
      'JavaScript://x',
      'data://x',
      'vbscript://x',
      '/relative',
      null,
    ])
      expect(safeHref(bad), String(bad)).toBeNull();
  });
});
