import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { dateRange } from '../links/dateRange';
import { dayOf } from '../sdk/dayNumber';
import type { TurboEventType, TurboKind } from './turboTables';
import { bannerLinkUrls, deleteTargetEvents, turboBannerReport } from './turboService';

const time = TEST_TIME.toISOString();
const baseUrl = (prefix: string) => `https://${prefix}.links.example.com`;

describe('turboService', () => {
  let t: TestDb;
  let events = 0;
  const event = (kind: TurboKind, targetId: string, type: TurboEventType, day = '2026-03-01') =>
    t.db
      .insertInto('turbo_events')
      .values({
        ...{
          id: `e${++events}`,
          project_id: 'p1',
          target_kind: kind,
          target_id: targetId,
          event_id: `x${events}`,
        },
        ...{ type, day: dayOf(day), time, platform: 'ios', page: 'https://example.com/a', links: 1 },
      })
      .execute();
  const eventTargets = async () =>
    (await t.db.selectFrom('turbo_events').select(['target_kind', 'target_id']).orderBy('id').execute()).map(
      (e) => `${e.target_kind}:${e.target_id}`,
    );

  beforeEach(async () => {
    t = await testDb();
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
    await t.db
      .insertInto('links')
      .values({
        ...{ id: 'L1', project_id: 'p1', link_id: 'abc123', name: 'L', template_id: 't1' },
        ...{ redirect_mode: 'store', config: '{}', created_by: null, created_at: time, updated_at: time },
      })
      .execute();
    for (const [id, linkId] of [
      ['b1', 'abc123'],
      ['b2', 'gone00'],
    ])
      await t.db
        .insertInto('turbo_banners')
        .values({
          ...{ id, project_id: 'p1', name: id, config: '{}', status: 'online', link_id: linkId },
          ...{ template_id: 't1', created_by: null, created_at: time, updated_at: time },
        })
        .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it("gives each banner its link's full URL, or null when the link is gone", async () => {
    expect(await bannerLinkUrls(t.db, baseUrl, [])).toEqual(new Map());
    expect(await bannerLinkUrls(t.db, baseUrl, ['b1', 'b2', 'nope'])).toEqual(
      new Map([
        ['b1', { linkUrl: 'https://p.links.example.com/abc123' }],
        ['b2', { linkUrl: null }],
      ]),
    );
  });

  it('deletes the events of one target of one kind only', async () => {
    await event('banner', 'b1', 'impression');
    await event('banner', 'b2', 'click');
    await event('script', 'b1', 'rewrite');
    await deleteTargetEvents(t.db, 'p1', 'banner', 'b1');
    expect(await eventTargets()).toEqual(['banner:b2', 'script:b1']);
    await deleteTargetEvents(t.db, 'p2', 'banner', 'b2');
    expect(await eventTargets()).toEqual(['banner:b2', 'script:b1']);
  });

  it("reports a banner of the project over the range's days; another's answers notFound", async () => {
    await event('banner', 'b1', 'impression');
    await event('banner', 'b1', 'click');
    await event('banner', 'b1', 'impression', '2026-02-20');
    await event('banner', 'b2', 'impression');
    const range = dateRange({ from: '2026-02-28', to: '2026-03-01' }, TEST_TIME, 10, 'UTC');
    const report = await turboBannerReport(t.db, 'p1', 'b1', range);
    expect(report).toMatchObject({ from: '2026-02-28', to: '2026-03-01', tz: 'UTC' });
    expect(report.totals).toEqual({ impressions: 1, clicks: 1, dismissals: 0 });
    expect(report.series.map((d) => d.date)).toEqual(['2026-02-28', '2026-03-01']);
    expect(await refusal(() => turboBannerReport(t.db, 'p2', 'b1', range))).toMatchObject({
      key: 'notFound',
    });
    expect(await refusal(() => turboBannerReport(t.db, 'p1', 'nope', range))).toMatchObject({
      key: 'notFound',
    });
  });
});
