import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './checkWithKeywords';
import { gmtOffsetMinutes } from './timeRange';

const schema = {
  type: 'object',
  timeRange: { start: 's', end: 'e', minMinutes: 30, maxDays: 7, timezoneField: 'tz' },
};

describe('timeRange', () => {
  it('passes a range of 30 minutes up to 7 natural days', () => {
    expect(checkWithKeywords(schema, { s: '2026-01-01T10:00:00Z', e: '2026-01-01T10:30:00Z' })).toEqual([]);
    expect(
      checkWithKeywords(schema, {
        s: '2026-01-01T00:00:00+08:00',
        e: '2026-01-07T23:59:59+08:00',
        tz: 'GMT+08:00',
      }),
    ).toEqual([]);
  });
  it('fails a range under 30 minutes, in both languages', () => {
    const data = { s: '2026-01-01T10:00:00Z', e: '2026-01-01T10:29:00Z' };
    expect(checkWithKeywords(schema, data, 'zh-CN')).toEqual([
      { path: '/e', keyword: 'timeRange', message: '活动时长至少 30 分钟' },
    ]);
    expect(checkWithKeywords(schema, data, 'en-US')[0].message).toBe(
      'The activity must last at least 30 minutes',
    );
  });
  it('counts natural days in the campaign timezone', () => {
    // 8 calendar days in GMT+8, though under 7 x 24 hours apart in UTC terms it is 7 days and 1 minute.
    const data = { s: '2026-01-01T23:59:00+08:00', e: '2026-01-08T00:00:00+08:00', tz: 'GMT+08:00' };
    expect(checkWithKeywords(schema, data, 'en-US')[0].message).toBe(
      'The activity may span at most 7 natural days (now 8)',
    );
  });
  it('fails an end before the start', () => {
    const issues = checkWithKeywords(
      schema,
      { s: '2026-01-02T00:00:00Z', e: '2026-01-01T00:00:00Z' },
      'zh-CN',
    );
    expect(issues[0].message).toBe('结束时间必须晚于开始时间');
  });
  it('reads GMT offsets', () => {
    expect(gmtOffsetMinutes('GMT+08:00')).toBe(480);
    expect(gmtOffsetMinutes('GMT-5')).toBe(-300);
    expect(gmtOffsetMinutes('GMT')).toBe(0);
  });
});
