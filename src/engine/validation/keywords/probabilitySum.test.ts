import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = { type: 'array', probabilitySum: { field: 'odds' } };
const thank = { type: 'array', probabilitySum: { field: 'odds', remainderField: 'isThank' } };

describe('probabilitySum', () => {
  it('passes when odds total 100 to two decimals', () => {
    expect(checkWithKeywords(schema, [{ odds: 33.33 }, { odds: 33.33 }, { odds: 33.34 }])).toEqual([]);
  });
  it('fails when odds total less than 100, in both languages', () => {
    const data = [{ odds: 30 }, { odds: 20 }];
    expect(checkWithKeywords(schema, data, 'zh-CN')).toEqual([
      { path: '', keyword: 'probabilitySum', message: '概率之和必须为 100%，当前为 50%' },
    ]);
    expect(checkWithKeywords(schema, data, 'en-US')[0].message).toBe(
      'Probabilities must total 100%, currently 50%',
    );
  });
  it('lets an empty thank-you prize take the remainder but not an overflow', () => {
    expect(checkWithKeywords(thank, [{ odds: 30 }, { isThank: true }])).toEqual([]);
    const over = checkWithKeywords(thank, [{ odds: 70 }, { odds: 40 }, { isThank: true }], 'en-US');
    expect(over[0].message).toBe(
      'Probabilities of the prizes other than thank-you must total at most 100%, currently 110%',
    );
  });
  it('uses a named message for fragments', () => {
    const s = { type: 'array', probabilitySum: { field: 'p', message: 'fragmentProbabilitySum' } };
    expect(checkWithKeywords(s, [{ p: 99 }], 'zh-CN')[0].message).toBe('碎片概率之和必须为 100%，当前为 99%');
  });
  it('refuses a malformed keyword value at compile time', () => {
    expect(() => checkWithKeywords({ probabilitySum: { total: 100 } }, [])).toThrow();
  });
});
