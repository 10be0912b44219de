import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { dateRange } from './dateRange';
import { linkEvents, linkReport, linkRowId } from './linkReportService';
import { backfillLinkRollups } from './m0024LinkRollups';

const at = (minutes: number) => new Date(TEST_TIME.getTime() + minutes * 60_000).toISOString();

describe('linkReportService', () => {
  let t: TestDb;
  let clicks = 0;
  const click = (linkId: string, minutes: number, over: Record<string, unknown> = {}) =>
    t.db
      .insertInto('clicks')
      .values({
        ...{ id: `c${++clicks}`, project_id: 'p1', link_id: linkId, created_at: at(minutes) },
        ...{ platform: 'ios', os: 'iOS', os_version: '17', brand: 'Apple', model: 'iPhone' },
        ...{ browser: 'Safari', is_bot: 0, country: 'CN', referrer: null, channel: 'mail' },
        ...{ ip_hash: null, fingerprint: null, user_agent: 'UA', params: '{"a":"1"}', outcome: 'store' },
        ...over,
      })
      .execute();
  const attribution = (id: string, type: string, minutes: number) =>
    t.db
      .insertInto('attributions')
      .values({
        ...{ id, project_id: 'p1', link_id: 'L1', click_id: null, type, matched: 1, device_id: 'd1' },
        ...{ platform: 'android', os: 'Android', os_version: '14', model: 'Pixel', ip_hash: null },
        ...{ channel: null, user_agent: 'UA', created_at: at(minutes) },
      })
      .execute();

  beforeEach(async () => {
    t = await testDb();
    const time = TEST_TIME.toISOString();
    await t.db
      .insertInto('link_templates')
      .values({
        id: 't1',
        project_id: 'p1',
        name: 'App',
        config: '{}',
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
    for (const [id, project] of [
      ['L1', 'p1'],
      ['L2', 'p1'],
    ])
      await t.db
        .insertInto('links')
        .values({
          ...{ id, project_id: project, link_id: `${id}abcd`, name: id, template_id: 't1' },
          ...{ redirect_mode: 'store', config: '{}', created_by: null, created_at: time, updated_at: time },
        })
        .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('finds a link of the project only', async () => {
    expect(await linkRowId(t.db, 'p1', 'L1')).toBe('L1');
    await expect(linkRowId(t.db, 'p2', 'L1')).rejects.toMatchObject({ key: 'notFound' });
    await expect(linkRowId(t.db, 'p1', 'nope')).rejects.toMatchObject({ key: 'notFound' });
  });

  it("pages a link's clicks or attributed events newest first, in the range when given", async () => {
    await click('L1', 0);
    await click('L1', 10, { params: null, channel: 'ads' });
    await click('L2', 5);
    await click('L1', 60 * 24 * 3);
    await attribution('a1', 'install', 1);
    await attribution('a2', 'open', 2);
    await backfillLinkRollups(t.db, 'sqlite');
    const page = { page: 1, pageSize: 20 };
    const all = await linkEvents(t.db, 'L1', 'click', undefined, page);
    expect(all.total).toBe(3);
    expect(all.items.map((e) => e.time)).toEqual([at(60 * 24 * 3), at(10), at(0)]);
    expect(all.items[2]).toEqual({
      ...{ id: 'c1', type: 'click', time: at(0), platform: 'ios', os: 'iOS', osVersion: '17' },
      ...{ brand: 'Apple', model: 'iPhone', browser: 'Safari', country: 'CN', referrer: null },
      ...{ channel: 'mail', outcome: 'store', userAgent: 'UA', deviceId: null, params: { a: '1' } },
    });
    expect(all.items[1].params).toBeNull();
    const day = dateRange({ from: '2026-03-01', to: '2026-03-01' }, TEST_TIME, 100_000, 'UTC');
    const inDay = await linkEvents(t.db, 'L1', 'click', day, { page: 1, pageSize: 1 });
    expect(inDay).toMatchObject({ total: 2, items: [{ id: 'c2' }] });
    const installs = await linkEvents(t.db, 'L1', 'install', undefined, page);
    expect(installs).toEqual({
      total: 1,
      items: [
        {
          ...{ id: 'a1', type: 'install', time: at(1), platform: 'android', os: 'Android' },
          ...{ osVersion: '14', brand: null, model: 'Pixel', browser: null, country: null },
          ...{ referrer: null, channel: null, outcome: null, userAgent: 'UA', deviceId: 'd1', params: null },
        },
      ],
    });
    expect((await linkEvents(t.db, 'L1', 'register', undefined, page)).total).toBe(0);
  });

  it("reports a link's counts in the range, by platform, channel and source", async () => {
    await click('L1', 0);
    await click('L1', 10, { channel: 'ads', platform: 'android' });
    await click('L2', 5);
    await attribution('a1', 'install', 1);
    await backfillLinkRollups(t.db, 'sqlite');
    const range = dateRange({ from: '2026-03-01', to: '2026-03-01', tz: 'UTC' }, TEST_TIME, 92);
    const report = await linkReport(t.db, { projectId: 'p1', linkRowId: 'L1' }, range, 'day');
    expect(report).toMatchObject({ from: '2026-03-01', to: '2026-03-01', tz: 'UTC', granularity: 'day' });
    expect(report.totals).toMatchObject({ clicks: 2, installs: 1 });
    expect(report.series).toHaveLength(1);
    expect(report.byChannel.filter((c) => c.clicks > 0).map((c) => [c.channel, c.clicks])).toEqual(
      expect.arrayContaining([
        ['ads', 1],
        ['mail', 1],
      ]),
    );
    expect(report.byPlatform.map((p) => p.platform)).toEqual(expect.arrayContaining(['android', 'ios']));
    expect(report.bySource.map((s) => s.source)).toEqual(['banner', 'script', 'other']);
  });
});
