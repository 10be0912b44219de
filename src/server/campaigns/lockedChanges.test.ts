import { describe, expect, it } from 'vitest';
import { lockedChanges, type LockContext } from './lockedChanges';

const base = {
  title: 'Wheel',
  goal: 'engagement-retention',
  startTime: '2026-03-01T08:00:00+08:00',
  endTime: '2026-03-31T08:00:00+08:00',
  timezone: 'GMT+08:00',
  whitelist: { enabled: false },
  prizes: [
    { id: 'a', odds: 20, isThank: false, stock: 5 },
    { id: 't', isThank: true },
  ],
  fragments: [
    { id: 'f1', odds: 50 },
    { id: 'f2', odds: 50 },
  ],
};
const live: LockContext = {
  draft: false,
  live: true,
  now: new Date('2026-03-10T00:00:00Z'),
  schemaProperties: { fragments: { probabilitySum: { field: 'odds' } } },
};
const paths = (after: object, context = live) =>
  lockedChanges(base, { ...base, ...after }, context).map((c) => c.path);

describe('lockedChanges', () => {
  it('lets a live campaign change texts, stock and a later end', () => {
    expect(
      paths({
        title: 'Wheel2',
        endTime: '2026-04-30T00:00:00Z',
        startTime: '2026-03-01T00:00:00Z', // same instant, other offset
        prizes: [{ ...base.prizes[0], stock: 50 }, base.prizes[1]],
      }),
    ).toEqual([]);
  });

  it('locks start, timezone, goal, prize membership and odds while live', () => {
    expect(paths({ startTime: '2026-03-02T08:00:00+08:00' })).toEqual(['/startTime']);
    expect(paths({ timezone: 'GMT+09:00', goal: 'download-register' })).toEqual(['/timezone', '/goal']);
    expect(paths({ prizes: [{ ...base.prizes[0], odds: 30 }, base.prizes[1]] })).toEqual(['/prizes/0/odds']);
    expect(paths({ prizes: [base.prizes[0], { id: 'x', isThank: true }] })).toEqual(['/prizes']);
    expect(paths({ prizes: [base.prizes[0]] })).toEqual(['/prizes']);
    expect(
      paths({
        fragments: [
          { id: 'f1', odds: 60 },
          { id: 'f2', odds: 40 },
        ],
      }),
    ).toEqual(['/fragments/0/odds', '/fragments/1/odds']);
  });

  it('an end moved into the past is refused with its own key', () => {
    const changes = lockedChanges(base, { ...base, endTime: '2026-03-09T00:00:00Z' }, live);
    expect(changes).toEqual([{ path: '/endTime', key: 'campaign.endPassed' }]);
  });

  it('outside a draft the whitelist switch is locked; nothing else when not live', () => {
    const notLive = { ...live, live: false };
    expect(paths({ whitelist: { enabled: true }, startTime: '2026-03-05T00:00:00Z' }, notLive)).toEqual([
      '/whitelist/enabled',
    ]);
    expect(paths({ whitelist: { enabled: true } }, { ...notLive, draft: true })).toEqual([]);
  });
});
