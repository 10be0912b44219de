import { describe, expect, it } from 'vitest';
import { fieldLabel } from './fieldLabel';
import type { Lang } from './lang';

const schema = {
  type: 'object',
  allOf: [{ $ref: '#/$defs/campaign' }],
  properties: {
    prizes: { $ref: '#/$defs/prize.prizeList', title: 'fields.prizes' },
  },
  $defs: {
    campaign: {
      properties: {
        title: { type: 'string', title: 'campaign.title' },
        pageTitle: { $ref: '#/$defs/common.i18nShortText', title: 'campaign.pageTitle' },
        linkData: { $ref: '#/$defs/common.kvList', title: 'campaign.linkData' },
      },
    },
    'common.i18nShortText': { title: 'defs.i18nShortText', type: 'object' },
    'common.kvList': { title: 'defs.kvList', type: 'array', items: { $ref: '#/$defs/common.kvItem' } },
    'common.kvItem': {
      title: 'defs.kvItem',
      properties: { key: { title: 'defs.kvKey' }, value: { title: 'defs.kvValue' } },
    },
    'prize.prizeList': { type: 'array', items: { $ref: '#/$defs/prize.prize' } },
    'prize.prize': {
      title: 'prize.item',
      properties: {
        stock: { title: 'prize.stock' },
        name: { $ref: '#/$defs/common.i18nShortText', title: 'prize.name' },
      },
    },
  },
};

const strings: Record<Lang, Record<string, string>> = {
  'en-US': {
    'campaign.title': 'Campaign title',
    'campaign.pageTitle': 'Page title',
    'campaign.linkData': 'Link data',
    'defs.kvItem': 'Key-value pair',
    'defs.kvKey': 'Key',
    'fields.prizes': 'Prizes',
    'prize.item': 'Prize',
    'prize.stock': 'Stock',
    'prize.name': 'Prize name',
  },
  'zh-CN': { 'prize.item': '奖品', 'prize.stock': '库存', 'campaign.title': '活动标题' },
};
const label = (pointer: string, lang: Lang = 'en-US') =>
  fieldLabel(schema, pointer, (key) => strings[lang][key], lang, {
    segmentName: (s) => (s === 'en-US' ? 'English' : s),
  });

describe('fieldLabel', () => {
  it('names a field by its schema title in the language', () => {
    expect(label('/title')).toBe('Campaign title');
    expect(label('/title', 'zh-CN')).toBe('活动标题');
    expect(label('')).toBe('');
  });

  it('names list items after the item title and their position', () => {
    expect(label('/prizes/1/stock')).toBe('Prize 2 › Stock');
    expect(label('/prizes/1/stock', 'zh-CN')).toBe('奖品 2 › 库存');
    expect(label('/prizes/0')).toBe('Prize 1');
    expect(label('/prizes')).toBe('Prizes');
  });

  it('prefers the field title over a generic shared one', () => {
    expect(label('/linkData/0/key')).toBe('Link data 1 › Key');
  });

  it('puts untitled segments (languages) in brackets', () => {
    expect(label('/pageTitle/en-US')).toBe('Page title (English)');
    expect(label('/prizes/2/name/en-US')).toBe('Prize 3 › Prize name (English)');
    expect(label('/unknown')).toBe('unknown');
  });
});
