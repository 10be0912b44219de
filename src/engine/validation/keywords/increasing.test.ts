import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const stages = {
  type: 'object',
  increasing: { fields: ['stage1', 'stage2', 'stage3'], message: 'stageIncreasing' },
};

describe('increasing', () => {
  it('passes strictly increasing stages', () => {
    expect(checkWithKeywords(stages, { stage1: 10, stage2: 20, stage3: 30 })).toEqual([]);
  });
  it('flags a stage not above the previous one, in both languages', () => {
    const data = { stage1: 10, stage2: 20, stage3: 20 };
    expect(checkWithKeywords(stages, data, 'zh-CN')).toEqual([
      { path: '/stage3', keyword: 'increasing', message: '该阶段必须大于上一阶段（20）' },
    ]);
    expect(checkWithKeywords(stages, data, 'en-US')[0].message).toBe(
      'This stage must be greater than the previous stage (20)',
    );
  });
  it('works along arrays', () => {
    expect(checkWithKeywords({ type: 'array', increasing: true }, [1, 2, 3])).toEqual([]);
    expect(
      checkWithKeywords({ type: 'array', increasing: { field: 'd' } }, [{ d: 2 }, { d: 1 }])[0].path,
    ).toBe('/1/d');
  });
});
