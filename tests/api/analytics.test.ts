import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call } from './helpers/api';
import { createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { accessKey, sdkEvent, sendEvents } from './helpers/sdk';

// A small data set computed by hand (the clock stands at 2026-03-01):
//   A (ios)     active Feb 1, Feb 2, Feb 8       cohort Feb 1
//   B (android) active Feb 1, Feb 3              cohort Feb 1
//   C (ios)     active Feb 2, Feb 9              cohort Feb 2
//   D (web)     active Feb 5, then a late event for Feb 3 arrives: cohort moves to Feb 3
// Several events per device-day must not change any figure.
const activity: [string, string, string[]][] = [
  ['A', 'ios', ['02-01', '02-02', '02-08']],
  ['B', 'android', ['02-01', '02-03']],
  ['C', 'ios', ['02-02', '02-09']],
  ['D', 'web', ['02-05']],
];

describe('analysis from the rollups, checked against a hand-computed data set', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  const get = <T>(url: string) => call<T>(t.app, 'GET', url, { token: owner.token, projectId, lang: 'en' });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Alpha', 'alpha');
    const key = await accessKey(t.app, owner, projectId);
    const events = activity.flatMap(([device, platform, days]) =>
      days.flatMap((day) =>
        ['08:00', '12:30', '23:59'].map((time, i) =>
          sdkEvent({
            eventId: `${device}-${day}-${i}`,
            name: i === 0 ? 'open' : 'page_view',
            deviceId: device,
            platform,
            country: device === 'B' ? 'CN' : 'US',
            time: `2026-${day}T${time}:00Z`,
          }),
        ),
      ),
    );
    // Shuffled and split in two batches: order of arrival must not matter.
    const shuffled = events
      .map((e, i) => ({ e, k: (i * 7919) % events.length }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.e);
    expect((await sendEvents(t.app, key, shuffled.slice(0, 10))).body.data.accepted).toBe(10);
    expect((await sendEvents(t.app, key, shuffled.slice(10))).body.data.accepted).toBe(events.length - 10);
    const late = await sendEvents(t.app, key, [
      sdkEvent({ eventId: 'D-late', deviceId: 'D', platform: 'web', time: '2026-02-03T10:00:00Z' }),
    ]);
    expect(late.body.data.accepted).toBe(1);
  });
  afterAll(async () => t.close());

  it('DAU, WAU and MAU per day', async () => {
    const answer = await get<{ items: { date: string; dau: number; wau: number; mau: number }[] }>(
      '/api/analytics/active?from=2026-02-01&to=2026-02-10',
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.items.map((i) => [i.date.slice(5), i.dau, i.wau, i.mau])).toEqual([
      ['02-01', 2, 2, 2],
      ['02-02', 2, 3, 3],
      ['02-03', 2, 4, 4],
      ['02-04', 0, 4, 4],
      ['02-05', 1, 4, 4],
      ['02-06', 0, 4, 4],
      ['02-07', 0, 4, 4],
      ['02-08', 1, 4, 4],
      ['02-09', 1, 4, 4],
      ['02-10', 0, 3, 4],
    ]);
    // Mar 4: window Feb 3..Mar 4 still holds B (Feb 3); Mar 5: Feb 4..Mar 5 holds A, C, D only.
    const later = await get<{ items: { date: string; mau: number }[] }>(
      '/api/analytics/active?from=2026-03-04&to=2026-03-05',
    );
    expect(later.body.data.items.map((i) => i.mau)).toEqual([4, 3]);
    const edge = await get<{ items: { date: string; wau: number; mau: number }[] }>(
      '/api/analytics/active?from=2026-02-28&to=2026-03-01',
    );
    // Feb 28: window Jan 30..Feb 28 holds A, B, C, D (4); Mar 1: Jan 31..Mar 1 also 4. WAU 0.
    expect(edge.body.data.items.map((i) => [i.date.slice(5), i.wau, i.mau])).toEqual([
      ['02-28', 0, 4],
      ['03-01', 0, 4],
    ]);
    const farther = await get<{ items: { date: string; mau: number }[] }>(
      '/api/analytics/active?from=2026-01-01&to=2026-03-01',
    );
    const mau = Object.fromEntries(farther.body.data.items.map((i) => [i.date.slice(5), i.mau]));
    expect([mau['01-31'], mau['02-01'], mau['03-02'] ?? null]).toEqual([0, 2, null]);
  });

  it('retention table of first-seen cohorts', async () => {
    const answer = await get<{
      days: number;
      cohorts: { date: string; size: number; retained: number[]; rates: number[] }[];
    }>('/api/analytics/retention?from=2026-02-01&to=2026-02-05&days=7');
    expect(answer.status).toBe(200);
    expect(answer.body.data.cohorts.map((c) => [c.date.slice(5), c.size, c.retained])).toEqual([
      ['02-01', 2, [2, 1, 1, 0, 0, 0, 0, 1]],
      ['02-02', 1, [1, 0, 0, 0, 0, 0, 0, 1]],
      ['02-03', 1, [1, 0, 1, 0, 0, 0, 0, 0]],
      ['02-04', 0, [0, 0, 0, 0, 0, 0, 0, 0]],
      ['02-05', 0, [0, 0, 0, 0, 0, 0, 0, 0]],
    ]);
    expect(answer.body.data.cohorts[0].rates).toEqual([1, 0.5, 0.5, 0, 0, 0, 0, 0.5]);
    // Days still ahead are unknown (null), not zero.
    const recent = await get<{ cohorts: { retained: (number | null)[] }[] }>(
      '/api/analytics/retention?from=2026-02-27&to=2026-02-27&days=7',
    );
    expect(recent.body.data.cohorts[0].retained).toEqual([0, 0, 0, null, null, null, null, null]);
  });

  it('audience: devices by platform and country; summary', async () => {
    const byPlatform = await get<{ total: number; items: { key: string; devices: number; share: number }[] }>(
      '/api/analytics/audience?from=2026-02-01&to=2026-02-10&by=platform',
    );
    expect(byPlatform.body.data.total).toBe(4);
    expect(byPlatform.body.data.items).toEqual([
      { key: 'ios', devices: 2, share: 0.5 },
      { key: 'android', devices: 1, share: 0.25 },
      { key: 'web', devices: 1, share: 0.25 },
    ]);
    const byCountry = await get<{ items: { key: string; devices: number }[] }>(
      '/api/analytics/audience?from=2026-02-01&to=2026-02-02&by=country',
    );
    expect(byCountry.body.data.items).toEqual([
      { key: 'US', devices: 2, share: 0.6667 },
      { key: 'CN', devices: 1, share: 0.3333 },
    ]);
    const summary = await get<{ activeDevices: number; newDevices: number; events: number }>(
      '/api/analytics/summary?from=2026-02-01&to=2026-02-10',
    );
    expect(summary.body.data).toMatchObject({ activeDevices: 4, newDevices: 4, events: 25 });
    const events = await get<{ total: number; groups: { key: string; count: number }[] }>(
      '/api/analytics/sdk-events?from=2026-02-01&to=2026-02-10&groupBy=name',
    );
    expect(events.body.data.groups).toEqual([
      { key: 'page_view', count: 16 },
      { key: 'open', count: 9 },
    ]);
  });

  it('range rules: default last 7 days, more than 92 days refused in the caller language', async () => {
    const dflt = await get<{ from: string; to: string; items: unknown[] }>('/api/analytics/active');
    expect(dflt.body.data).toMatchObject({ from: '2026-02-23', to: '2026-03-01' });
    expect(dflt.body.data.items).toHaveLength(7);
    const tooLong = await get('/api/analytics/active?from=2025-11-01&to=2026-02-28');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({
      code: 400,
      msg: 'The date range can be at most 92 days',
      data: { error: 'rangeTooLong' },
    });
  });
});

describe('analysis stays exact whatever order events arrive in (brute force check)', () => {
  let t: TestApp;
  let owner: SignedIn;
  let projectId: string;
  // Device d is active on day k (0 = 2026-01-10) when the pattern says so; days go up to Feb 28.
  const DAYS = 50;
  const first = Date.UTC(2026, 0, 10);
  const dayName = (k: number) => new Date(first + k * 86_400_000).toISOString().slice(0, 10);
  let seed = 12345;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const activity = new Map<string, Set<number>>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Alpha', 'alpha');
    const key = await accessKey(t.app, owner, projectId);
    const events: Record<string, unknown>[] = [];
    for (let d = 0; d < 30; d += 1) {
      const device = `R${d}`;
      const days = new Set<number>();
      const start = Math.floor(rnd() * DAYS);
      for (let k = start; k < DAYS; k += 1) if (k === start || rnd() < 0.25) days.add(k);
      activity.set(device, days);
      for (const k of days)
        events.push(
          sdkEvent({ eventId: `${device}-${k}`, deviceId: device, time: `${dayName(k)}T12:00:00Z` }),
        );
    }
    // Shuffled, in uneven batches: late days arrive before early ones all the time.
    for (let i = events.length - 1; i > 0; i -= 1) {
      const j = Math.floor(rnd() * (i + 1));
      [events[i], events[j]] = [events[j], events[i]];
    }
    for (let i = 0; i < events.length; i += 17) {
      const answer = await sendEvents(t.app, key, events.slice(i, i + 17));
      expect(answer.body.data.rejected).toEqual([]);
    }
  });
  afterAll(async () => t.close());

  it('DAU, WAU, MAU and retention equal a brute-force count', async () => {
    const inWindow = (from: number, to: number) =>
      [...activity.values()].filter((days) => [...days].some((k) => k >= from && k <= to)).length;
    const answer = await call<{ items: { date: string; dau: number; wau: number; mau: number }[] }>(
      t.app,
      'GET',
      `/api/analytics/active?from=${dayName(0)}&to=${dayName(DAYS - 1)}`,
      { token: owner.token, projectId },
    );
    expect(answer.body.data.items.map((i) => [i.dau, i.wau, i.mau])).toEqual(
      Array.from({ length: DAYS }, (_, k) => [inWindow(k, k), inWindow(k - 6, k), inWindow(k - 29, k)]),
    );
    const retention = await call<{ cohorts: { size: number; retained: number[] }[] }>(
      t.app,
      'GET',
      `/api/analytics/retention?from=${dayName(0)}&to=${dayName(9)}&days=10`,
      { token: owner.token, projectId },
    );
    const expected = Array.from({ length: 10 }, (_, c) => {
      const cohort = [...activity.values()].filter((days) => Math.min(...days) === c);
      return {
        size: cohort.length,
        retained: Array.from({ length: 11 }, (_, n) => cohort.filter((days) => days.has(c + n)).length),
      };
    });
    expect(retention.body.data.cohorts.map((c) => ({ size: c.size, retained: c.retained }))).toEqual(
      expected,
    );
  });
});
