import { describe, expect, it } from 'vitest';
import {
  assignServedUrl,
  buildServedStrategy,
  clickIdParamOf,
  groupOf,
  splitTarget,
  targetOf,
} from './servedStrategy';
import type { AdsStrategyConfig } from '../../engine/ads/strategyUrls';

const ids = (...urls: string[]) => new Map(urls.map((url, i) => [url, `u${i}`]));

describe('splitTarget and targetOf', () => {
  it('adds the click id parameter to the query, before a fragment', () => {
    const cases: [string, string, string][] = [
      ['https://a.example.com/x', 'gc_cid', 'https://a.example.com/x?gc_cid=RID'],
      ['https://a.example.com/x?y=1', 'gc_cid', 'https://a.example.com/x?y=1&gc_cid=RID'],
      ['https://a.example.com/x?', 'cid', 'https://a.example.com/x?cid=RID'],
      ['https://a.example.com/x?y=1&', 'cid', 'https://a.example.com/x?y=1&cid=RID'],
      ['https://a.example.com/x#top', 'cid', 'https://a.example.com/x?cid=RID#top'],
      ['https://a.example.com/x?y=1#top?z', 'cid', 'https://a.example.com/x?y=1&cid=RID#top?z'],
    ];
    for (const [address, param, expected] of cases) {
      const parts = splitTarget(address, param);
      expect(targetOf({ url: address, urlId: 'u', ...parts }, param, 'RID')).toBe(expected);
    }
    const none = splitTarget('https://a.example.com/x#f', '');
    expect(targetOf({ url: '', urlId: 'u', ...none }, '', 'RID')).toBe('https://a.example.com/x#f');
  });

  it('reads the click id parameter of a config, the default for anything odd', () => {
    expect(clickIdParamOf({})).toBe('gc_cid');
    expect(clickIdParamOf({ clickIdParam: '' })).toBe('');
    expect(clickIdParamOf({ clickIdParam: 'cid.v2' })).toBe('cid.v2');
    expect(clickIdParamOf({ clickIdParam: 'a b' })).toBe('gc_cid');
    expect(clickIdParamOf({ clickIdParam: 'x'.repeat(33) })).toBe('gc_cid');
  });
});

describe('buildServedStrategy', () => {
  const base = { id: 's1', projectId: 'p1', prefix: 'demo', enabled: true, zone: 'UTC' };

  it('serves only safe http(s) URLs with an ad_urls row, by the configured ratios', () => {
    const config: AdsStrategyConfig = {
      name: 'x',
      type: 'general',
      distribution: 'custom',
      urls: [
        { url: 'https://a.example.com/', ratio: 40 },
        { url: 'javascript:alert(1)', ratio: 20 },
        { url: 'http://127.0.0.1/', ratio: 20 },
        { url: 'https://no-row.example.com/', ratio: 20 },
      ],
    };
    const strategy = buildServedStrategy({
      ...base,
      config,
      urlIds: ids('https://a.example.com/', 'javascript:alert(1)', 'http://127.0.0.1/'),
    });
    const group = groupOf(strategy, '')!;
    expect(group.prepared.keys).toEqual(['https://a.example.com/']);
    expect([...strategy.byUrlId.keys()]).toEqual(['u0']);
    for (let i = 0; i < 50; i += 1)
      expect(assignServedUrl(strategy, group, `v${i}`)?.url).toBe('https://a.example.com/');
  });

  it('takes AI weights over the ratios, and maps languages to their groups', () => {
    const config: AdsStrategyConfig = {
      name: 'x',
      type: 'by-language',
      distribution: 'ai',
      defaultLanguage: 'zh-CN',
      languages: [
        { language: 'zh-CN', enabled: true, urls: [{ url: 'https://zh.example.com/', ratio: 100 }] },
        {
          language: 'en-US',
          enabled: true,
          urls: [
            { url: 'https://en1.example.com/', ratio: 50 },
            { url: 'https://en2.example.com/', ratio: 50 },
          ],
        },
      ],
    };
    const strategy = buildServedStrategy({
      ...base,
      config,
      urlIds: ids('https://zh.example.com/', 'https://en1.example.com/', 'https://en2.example.com/'),
      weights: new Map([['en-US', new Map([['https://en1.example.com/', 1]])]]),
    });
    expect(groupOf(strategy, 'en-GB')?.prepared.keys).toEqual(['https://en1.example.com/']);
    // A group the AI has no weights for keeps its ratios; other languages go to the default.
    expect(groupOf(strategy, 'fr')?.prepared.keys).toEqual(['https://zh.example.com/']);
    expect(groupOf(strategy, '')).toBe(groupOf(strategy, 'zh-CN'));
    expect(strategy.languages.get('en-GB')).toBe('en-US');
  });
});
