import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';

const schema = {
  type: 'object',
  notBefore: [
    { field: 'offline', other: 'online', message: 'offlineBeforeOnline' },
    { field: 'end', other: 'draw', strict: true, at: 'other', message: 'drawAfterEnd' },
  ],
};

describe('notBefore', () => {
  it('passes ordered times', () => {
    const data = {
      online: '2026-01-01T10:00:00Z',
      offline: '2026-01-01T10:00:00Z',
      draw: '2026-01-01T11:00:00Z',
      end: '2026-01-02T00:00:00Z',
    };
    expect(checkWithKeywords(schema, data)).toEqual([]);
  });
  it('flags offline before online and a draw at the end, in both languages', () => {
    const data = {
      online: '2026-01-02T10:00:00Z',
      offline: '2026-01-01T10:00:00Z',
      draw: '2026-01-02T00:00:00Z',
      end: '2026-01-02T00:00:00Z',
    };
    expect(checkWithKeywords(schema, data, 'zh-CN')).toEqual([
      { path: '/offline', keyword: 'notBefore', message: '下线时间不能早于上线时间' },
      { path: '/draw', keyword: 'notBefore', message: '开奖时间必须早于活动结束时间' },
    ]);
    expect(checkWithKeywords(schema, data, 'en-US').map((i) => i.message)).toEqual([
      'The offline time must not be earlier than the online time',
      'The draw time must be before the activity end',
    ]);
  });
});
