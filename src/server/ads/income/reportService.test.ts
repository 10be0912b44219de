import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../../db/testDb';
import { QUARTER_MS } from '../requestIds';
import { adsReportExport, MAX_REPORT_DAYS, projectAdsReport } from './reportService';

const time = TEST_TIME.toISOString();
const DAY = Math.floor(TEST_TIME.getTime() / 86_400_000);
const QUARTER = Math.floor(TEST_TIME.getTime() / QUARTER_MS);
const project = { id: 'p1', rollupTimeZone: 'UTC' };

describe('reportService', () => {
  let t: TestDb;
  const income = (id: string, amount: number, currency: string, day = DAY) => ({
    id,
    project_id: 'p1',
    account_id: 'a1',
    txid: id,
    kind: 'credit' as const,
    amount_micros: amount,
    currency,
    request_id: null,
    strategy_id: 's1',
    url_id: null,
    domain: 'shop.example.com',
    day,
    time,
    source: 'import' as const,
    offer_id: null,
    participant_id: null,
    created_at: time,
  });

  beforeEach(async () => {
    t = await testDb();
    const list = { project_id: 'p1', config: '{}', created_by: null, created_at: time, updated_at: time };
    await t.db
      .insertInto('ads_strategies')
      .values({ id: 's1', name: 'S', number: 1, ...list })
      .execute();
    await t.db
      .insertInto('ad_accounts')
      .values({ id: 'a1', name: 'N', network: 'n', secret: 's', ...list })
      .execute();
    await t.db
      .insertInto('ad_serves')
      .values([
        {
          project_id: 'p1',
          quarter: QUARTER,
          strategy_id: 's1',
          url_id: 'u1',
          domain: 'shop.example.com',
          requests: 8,
          clicks: 2,
        },
        {
          project_id: 'p1',
          quarter: QUARTER,
          strategy_id: 's1',
          url_id: '',
          domain: 'shop.example.com',
          requests: 2,
          clicks: 0,
        },
      ])
      .execute();
    await t.db
      .insertInto('ad_income')
      .values([
        income('i1', 4_000_000, 'USD'),
        income('i2', 1_000_000, 'EUR'),
        income('i3', 9_000_000, 'USD', DAY - 7),
      ])
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it("defaults to the last 7 local days and the settings' currency (USD without settings)", async () => {
    const report = await projectAdsReport(t.db, project, { groupBy: 'strategy' }, TEST_TIME);
    expect(report).toMatchObject({
      from: '2026-02-23',
      to: '2026-03-01',
      tz: 'UTC',
      currency: 'USD',
      currencies: ['EUR', 'USD'],
    });
    expect(report.series).toHaveLength(7);
    expect(report.totals).toMatchObject({
      requests: 10,
      serves: 8,
      clicks: 2,
      incomeMicros: 4_000_000,
      ecpmMicros: 500_000_000,
    });
    expect(report.rows).toMatchObject([{ key: 's1', label: 'S', incomeMicros: 4_000_000 }]);
    await t.db
      .insertInto('ads_settings')
      .values({ project_id: 'p1', currency: 'EUR', updated_at: time, updated_by: null })
      .execute();
    const settings = await projectAdsReport(t.db, project, { groupBy: 'strategy' }, TEST_TIME);
    expect(settings).toMatchObject({ currency: 'EUR', totals: { incomeMicros: 1_000_000 } });
  });

  it('counts the currency asked for, over the days asked for', async () => {
    const eur = await projectAdsReport(t.db, project, { groupBy: 'date', currency: 'EUR' }, TEST_TIME);
    expect(eur.totals.incomeMicros).toBe(1_000_000);
    const wide = await projectAdsReport(
      t.db,
      project,
      { groupBy: 'date', from: '2026-02-20', to: '2026-03-01' },
      TEST_TIME,
    );
    expect(wide.totals.incomeMicros).toBe(13_000_000);
    expect(wide.rows.map((row) => row.key)).toHaveLength(10);
  });

  it('refuses a range over the limit and a bad day', async () => {
    expect(MAX_REPORT_DAYS).toBe(10);
    expect(
      await refusal(() =>
        projectAdsReport(t.db, project, { groupBy: 'date', from: '2026-02-19', to: '2026-03-01' }, TEST_TIME),
      ),
    ).toEqual({
      key: 'rangeTooLong',
      paths: undefined,
    });
    expect(
      await refusal(() => projectAdsReport(t.db, project, { groupBy: 'date', to: '2026-02-30' }, TEST_TIME)),
    ).toEqual({
      key: 'validation',
      paths: ['/querystring/to'],
    });
  });

  it('exports the report as from--to.csv in the language asked for', async () => {
    const file = await adsReportExport(t.db, project, { groupBy: 'domain' }, TEST_TIME, 'en-US');
    expect(file.fileName).toBe('2026-02-23--2026-03-01.csv');
    expect(file.csv).toContain('shop.example.com');
    expect(file.csv.split('\n')[0]).toMatch(/^Domain,Requests,Serves,Clicks,Income/);
    expect(file.csv).toContain('shop.example.com,10,8,2,4');
  });
});
