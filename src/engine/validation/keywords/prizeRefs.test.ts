import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = {
  type: 'object',
  prizeRefs: { list: 'prizes', fields: ['prizeId', 'rewardPrizeId'] },
};
const prizes = [{ id: 'coins' }, { id: 'gift' }];

describe('prizeRefs', () => {
  it('passes when every prize field names a prize of the list, wherever it sits', () => {
    const data = {
      prizes,
      dailyRewards: [{ day: 1, prizeId: 'coins' }],
      tasks: [{ id: 't', prizeId: 'gift', nested: { prizeId: 'coins' } }],
      rewardPrizeId: 'gift',
    };
    expect(checkWithKeywords(schema, data)).toEqual([]);
  });

  it('fails each unknown id on its own field, in both languages', () => {
    const data = {
      prizes,
      dailyRewards: [
        { day: 1, prizeId: 'coins' },
        { day: 2, prizeId: 'cion' },
      ],
      rewardPrizeId: 'x',
    };
    expect(checkWithKeywords(schema, data, 'en-US')).toEqual([
      {
        path: '/dailyRewards/1/prizeId',
        keyword: 'prizeRefs',
        message: "No prize with id cion in this campaign's prize list",
      },
      {
        path: '/rewardPrizeId',
        keyword: 'prizeRefs',
        message: "No prize with id x in this campaign's prize list",
      },
    ]);
    expect(checkWithKeywords(schema, data, 'zh-CN')[0].message).toBe(
      '本活动的奖品列表中没有 ID 为 cion 的奖品',
    );
  });

  it('leaves configs without a prize list, and empty fields, to the other rules', () => {
    expect(checkWithKeywords(schema, { tasks: [{ prizeId: 'any' }] })).toEqual([]);
    expect(checkWithKeywords(schema, { prizes, cells: [{ prizeId: '' }] })).toEqual([]);
  });
});
