import { describe, expect, it } from 'vitest';
import { schemaTitlePath } from './schemaTitlePath';

const schema = {
  type: 'object',
  allOf: [{ $ref: '#/$defs/campaign' }],
  properties: {
    prizes: { $ref: '#/$defs/prize.prizeList', title: 'fields.prizes' },
  },
  $defs: {
    campaign: {
      properties: {
        pageTitle: { $ref: '#/$defs/common.i18nShortText', title: 'campaign.pageTitle' },
        rules: { title: 'campaign.rules', properties: { text: { $ref: '#/$defs/common.i18nText' } } },
      },
    },
    'common.i18nShortText': { title: 'defs.i18nShortText', type: 'object' },
    'common.i18nText': { title: 'defs.i18nText', type: 'object' },
    'prize.prizeList': { type: 'array', items: { $ref: '#/$defs/prize.prize' } },
    'prize.prize': { properties: { name: { $ref: '#/$defs/common.i18nShortText', title: 'prize.name' } } },
  },
};

describe('schemaTitlePath', () => {
  it('follows $refs and allOf, preferring the title beside a $ref', () => {
    expect(schemaTitlePath(schema, ['pageTitle'])).toEqual(['campaign.pageTitle']);
    expect(schemaTitlePath(schema, ['rules', 'text'])).toEqual(['campaign.rules', 'defs.i18nText']);
  });

  it('walks arrays and marks positions', () => {
    expect(schemaTitlePath(schema, ['prizes', '0', 'name'])).toEqual(['fields.prizes', null, 'prize.name']);
  });

  it('leaves unknown segments undefined', () => {
    expect(schemaTitlePath(schema, ['nope', 'deeper'])).toEqual([undefined, undefined]);
  });
});
