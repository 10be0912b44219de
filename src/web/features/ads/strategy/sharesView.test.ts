import { describe, expect, it } from 'vitest';
import type { StrategyShareUrl } from '../adsTypes';
import { groupShares, sharePercent } from './sharesView';

const url = (language: string, key: string, share: number, serves = 0): StrategyShareUrl => ({
  url: `https://example.com/${key}`,
  language,
  ratio: 50,
  share,
  serves,
  clicks: 0,
  incomeMicros: 0,
  meanMicrosPerServe: 0,
  probabilityBest: 0,
  reason: 'trailing',
});

describe('groupShares', () => {
  it('puts general first and sorts each language by share', () => {
    const groups = groupShares([
      url('en-US', 'a', 0.2, 10),
      url('zh-CN', 'b', 1, 5),
      url('en-US', 'c', 0.8, 30),
    ]);
    expect(groups.map((group) => group.language)).toEqual(['en-US', 'zh-CN']);
    expect(groups[0].urls.map((item) => item.url)).toEqual([
      'https://example.com/c',
      'https://example.com/a',
    ]);
    expect(groups[0].serves).toBe(40);
  });

  it('keeps the general group ahead of languages', () => {
    expect(groupShares([url('en-US', 'a', 1), url('', 'b', 1)]).map((group) => group.language)).toEqual([
      '',
      'en-US',
    ]);
  });

  it('is empty without URLs', () => {
    expect(groupShares([])).toEqual([]);
  });
});

describe('sharePercent', () => {
  it('rounds to one decimal within 0..100', () => {
    expect(sharePercent(1 / 3)).toBe(33.3);
    expect(sharePercent(1)).toBe(100);
    expect(sharePercent(1.2)).toBe(100);
    expect(sharePercent(-1)).toBe(0);
    expect(sharePercent(Number.NaN)).toBe(0);
  });
});
