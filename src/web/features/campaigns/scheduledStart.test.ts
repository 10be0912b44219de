import { describe, expect, it } from 'vitest';
import { scheduledStart } from './scheduledStart';

describe('when a scheduled campaign starts', () => {
  it('is the later of the activity start and the planned online time', () => {
    const start = '2026-12-01T10:00:00+08:00';
    expect(scheduledStart({ status: 'scheduled', startTime: start, onlineAt: null })).toBe(start);
    expect(scheduledStart({ status: 'scheduled', startTime: start, onlineAt: '2026-12-03T01:00:00Z' })).toBe(
      '2026-12-03T01:00:00Z',
    );
    expect(scheduledStart({ status: 'scheduled', startTime: start, onlineAt: '2026-11-30T01:00:00Z' })).toBe(
      start,
    );
  });

  it('is nothing for other statuses', () => {
    for (const status of ['draft', 'prereleased', 'running', 'ended', 'offline'] as const) {
      expect(scheduledStart({ status, startTime: '2026-12-01T10:00:00+08:00', onlineAt: null })).toBeNull();
    }
  });
});
