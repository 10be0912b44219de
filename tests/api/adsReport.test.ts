import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { call, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import { restampDays } from '../../src/server/sdk/restampDays';
import {
  seedAccount,
  seedRequests,
  seedStrategy,
  sendPostback,
  type SeededAccount,
} from './helpers/adsIncome';

// The ads report on both databases, with figures computed by hand from seeded requests, clicks
// and income (requests and clicks inserted as the serve API records them; income through
// imports and postbacks). The test clock is 2026-03-01 08:00Z; the projects are in UTC.

interface Figures {
  requests: number;
  serves: number;
  clicks: number;
  incomeMicros: number;
  ecpmMicros: number;
  matchRate: number;
  ctr: number;
}
interface Report {
  from: string;
  to: string;
  tz: string;
  currency: string;
  currencies: string[];
  totals: Figures;
  rows: (Figures & { key: string; label: string })[];
  series: (Figures & { date: string })[];
}

const A = 'https://ads.example.com/a';
const B = 'https://ads.example.com/b';
const C = 'https://ads.example.com/c';
const FORMULA = '=cmd|x';

describe('ads report', () => {
  let t: TestApp;
  let owner: SignedIn;
  let outsider: SignedIn;
  let projectId: string;
  let otherId: string;
  let home: { id: string; urls: Record<string, string> };
  let article: { id: string; urls: Record<string, string> };
  let netA: SeededAccount;
  let netB: SeededAccount;

  const report = (query: string, projectHeader = projectId, who = owner) =>
    call<Report>(t.app, 'GET', `/api/ads/report${query}`, {
      token: who.token,
      projectId: projectHeader,
      lang: 'en',
    });
  const figures = (requests: number, serves: number, clicks: number, incomeMicros: number) => ({
    requests,
    serves,
    clicks,
    incomeMicros,
    ecpmMicros: serves > 0 ? Math.round((incomeMicros * 1000) / serves) : 0,
    matchRate: requests > 0 ? Math.round((serves / requests) * 1e6) / 1e6 : 0,
    ctr: serves > 0 ? Math.round((clicks / serves) * 1e6) / 1e6 : 0,
  });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Ads', 'ads');
    otherId = await createProject(t.app, owner, 'Other', 'other');
    outsider = await addMember(t.app, owner, 'outsider@example.com', 'operator', [
      { projectId: otherId, permission: 'edit' },
    ]);
    home = await seedStrategy(t.app, projectId, 'Home', [A, B]);
    article = await seedStrategy(t.app, projectId, 'Article', [C]);
    // 02-28: 10 requests of Home on news (8 served with A, 2 of them clicked).
    const early = await seedRequests(t.app, {
      projectId,
      strategyId: home.id,
      urlId: home.urls[A],
      date: '2026-02-28',
      domain: 'news.example.com',
      requests: 10,
      served: 8,
      clicked: 2,
    });
    // 03-01: 4 of Home on a formula-looking domain (all served with B, 1 clicked); 6 of Article
    // on news (3 served with C, none clicked).
    const formula = await seedRequests(t.app, {
      projectId,
      strategyId: home.id,
      urlId: home.urls[B],
      date: '2026-03-01',
      domain: FORMULA,
      requests: 4,
      served: 4,
      clicked: 1,
    });
    const late = await seedRequests(t.app, {
      projectId,
      strategyId: article.id,
      urlId: article.urls[C],
      date: '2026-03-01',
      domain: 'news.example.com',
      requests: 6,
      served: 3,
      clicked: 0,
    });
    // Outside the default range (the last 7 days).
    await seedRequests(t.app, {
      projectId,
      strategyId: home.id,
      urlId: home.urls[A],
      date: '2026-02-10',
      domain: 'news.example.com',
      requests: 5,
      served: 5,
      clicked: 5,
    });

    netA = await seedAccount(t.app, projectId, { name: 'Net A' });
    netB = await seedAccount(t.app, projectId, { name: 'Net B' });
    const imported = await call(t.app, 'POST', `/api/ads/accounts/${netA.id}/import`, {
      token: owner.token,
      projectId,
      body: {
        csv: [
          'date,txid,amount,currency,click_id,domain',
          `2026-02-28,T1,2,USD,${early[0]},`,
          `2026-03-01,T2,1,USD,${formula[0]},`,
          `2026-03-01,T3,0.6,USD,${late[0]},`,
          '2026-03-01,T4,5,EUR,,news.example.com',
          '2026-03-01,T5,0.4,USD,,',
        ].join('\n'),
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    // Net B: a credit on today's postback for the second clicked serve of 02-28, partly reversed.
    expect((await sendPostback(t.app, netB, { txid: 'U1', amount: '3', click_id: early[1] })).status).toBe(
      200,
    );
    expect((await sendPostback(t.app, netB, { txid: 'U1', amount: '1', status: 'reversal' })).status).toBe(
      200,
    );

    // The other project: its own rows, none of which may show in the first one's report.
    const theirs = await seedStrategy(t.app, otherId, 'Theirs', [A]);
    const theirRequests = await seedRequests(t.app, {
      projectId: otherId,
      strategyId: theirs.id,
      urlId: theirs.urls[A],
      date: '2026-03-01',
      domain: 'news.example.com',
      requests: 7,
      served: 7,
      clicked: 7,
    });
    const theirNet = await seedAccount(t.app, otherId, { name: 'Their net' });
    await sendPostback(t.app, theirNet, { txid: 'X1', amount: '100', click_id: theirRequests[0] });
  });
  afterAll(async () => t.close());

  it('groups by date over the default last 7 days, every day present', async () => {
    const answer = await report('');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data;
    expect(data).toMatchObject({ from: '2026-02-23', to: '2026-03-01', tz: 'UTC', currency: 'USD' });
    expect(data.currencies).toEqual(['EUR', 'USD']);
    expect(data.totals).toEqual(figures(20, 15, 3, 6_000_000));
    expect(data.totals).toMatchObject({ ecpmMicros: 400_000_000, matchRate: 0.75, ctr: 0.2 });
    expect(data.rows.map((r) => r.key)).toEqual([
      '2026-02-23',
      '2026-02-24',
      '2026-02-25',
      '2026-02-26',
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    expect(data.rows[0]).toEqual({ key: '2026-02-23', label: '2026-02-23', ...figures(0, 0, 0, 0) });
    expect(data.rows[5]).toEqual({ key: '2026-02-28', label: '2026-02-28', ...figures(10, 8, 2, 2_000_000) });
    expect(data.rows[6]).toEqual({ key: '2026-03-01', label: '2026-03-01', ...figures(10, 7, 1, 4_000_000) });
    expect(data.rows[6]).toMatchObject({ ecpmMicros: 571_428_571, matchRate: 0.7, ctr: 0.142857 });
    expect(data.series).toEqual(data.rows.map(({ key, label: _label, ...rest }) => ({ date: key, ...rest })));
  });

  it('groups by domain, URL and strategy (unknown and unmatched under the empty key)', async () => {
    const byDomain = (await report('?groupBy=domain')).body.data;
    expect(byDomain.rows).toEqual([
      { key: 'news.example.com', label: 'news.example.com', ...figures(16, 11, 2, 4_600_000) },
      { key: FORMULA, label: FORMULA, ...figures(4, 4, 1, 1_000_000) },
      { key: '', label: '', ...figures(0, 0, 0, 400_000) },
    ]);
    expect(byDomain.totals).toEqual(figures(20, 15, 3, 6_000_000));
    expect(byDomain.series.find((d) => d.date === '2026-03-01')).toMatchObject(figures(10, 7, 1, 4_000_000));

    const byUrl = (await report('?groupBy=url')).body.data;
    expect(byUrl.rows).toEqual([
      { key: home.urls[A], label: A, ...figures(8, 8, 2, 4_000_000) },
      { key: home.urls[B], label: B, ...figures(4, 4, 1, 1_000_000) },
      { key: article.urls[C], label: C, ...figures(3, 3, 0, 600_000) },
      { key: '', label: '', ...figures(5, 0, 0, 400_000) },
    ]);

    const byStrategy = (await report('?groupBy=strategy')).body.data;
    expect(byStrategy.rows).toEqual([
      { key: home.id, label: 'Home', ...figures(14, 12, 3, 5_000_000) },
      { key: article.id, label: 'Article', ...figures(6, 3, 0, 600_000) },
      { key: '', label: '', ...figures(0, 0, 0, 400_000) },
    ]);
  });

  it('groups by ad account: income, and the serves and clicks its credits named', async () => {
    const answer = await report('?groupBy=account');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data;
    expect(data.rows).toEqual([
      { key: netA.id, label: 'Net A', ...figures(3, 3, 2, 4_000_000) },
      { key: netB.id, label: 'Net B', ...figures(1, 1, 1, 2_000_000) },
    ]);
    expect(data.rows[0].ecpmMicros).toBe(1_333_333_333);
    expect(data.totals).toEqual(figures(20, 15, 3, 6_000_000));
  });

  it('counts income of the chosen currency only, and filters by strategy and domain', async () => {
    const eur = (await report('?currency=EUR&groupBy=domain')).body.data;
    expect(eur.currency).toBe('EUR');
    expect(eur.totals).toEqual(figures(20, 15, 3, 5_000_000));
    expect(eur.rows[0]).toEqual({
      key: 'news.example.com',
      label: 'news.example.com',
      ...figures(16, 11, 2, 5_000_000),
    });
    const none = (await report('?currency=JPY')).body.data;
    expect(none.totals.incomeMicros).toBe(0);
    expect(none.currencies).toEqual(['EUR', 'USD']);

    const article_ = (await report(`?strategyId=${article.id}`)).body.data;
    expect(article_.totals).toEqual(figures(6, 3, 0, 600_000));
    expect(article_.currencies).toEqual(['USD']);
    const formula = (await report(`?domain=${encodeURIComponent(FORMULA)}&groupBy=url`)).body.data;
    expect(formula.totals).toEqual(figures(4, 4, 1, 1_000_000));
    expect(formula.rows.map((r) => r.label)).toEqual([B]);
  });

  it('takes a range of at most 10 days, and the settings’ currency by default', async () => {
    const older = (await report('?from=2026-02-05&to=2026-02-14')).body.data;
    expect(older.totals).toEqual(figures(5, 5, 5, 0));
    expect(older.series).toHaveLength(10);
    const tooLong = await report('?from=2026-02-19&to=2026-03-01');
    expect(tooLong.status).toBe(400);
    expect((tooLong.body.data as unknown as ErrorData).error).toBe('rangeTooLong');
    const backwards = await report('?from=2026-03-01&to=2026-02-28');
    expect(backwards.status).toBe(400);
    const badGroup = await report('?groupBy=country');
    expect(badGroup.status).toBe(400);

    await t.app.ctx.db
      .insertInto('ads_settings')
      .values({
        project_id: projectId,
        currency: 'EUR',
        updated_at: t.app.ctx.now().toISOString(),
        updated_by: null,
      })
      .execute();
    try {
      const data = (await report('')).body.data;
      expect(data.currency).toBe('EUR');
      expect(data.totals.incomeMicros).toBe(5_000_000);
    } finally {
      await t.app.ctx.db.deleteFrom('ads_settings').where('project_id', '=', projectId).execute();
    }
  });

  it('exports the report as CSV with a BOM, the formula-looking domain escaped', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/ads/report/export?groupBy=domain',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId, 'x-lang': 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="2026-02-23--2026-03-01.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'Domain,Requests,Serves,Clicks,Income (USD),eCPM (USD),Match rate,CTR',
      'news.example.com,16,11,2,4.6,418.181818,0.6875,0.181818',
      "'=cmd|x,4,4,1,1,250,1,0.25",
      ',0,0,0,0.4,0,0,0',
      'Total,20,15,3,6,400,0.75,0.2',
      '',
    ]);
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/ads/report/export?groupBy=strategy&from=2026-03-01&to=2026-03-01',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId },
    });
    expect(zh.body.slice(1).split('\r\n')[0]).toBe(
      '策略,请求数,展示数,点击数,收入 (USD),eCPM (USD),匹配率,点击率',
    );
    expect(zh.headers['content-disposition']).toContain('2026-03-01--2026-03-01.csv');
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/api/ads/report/export?from=2026-01-01&to=2026-03-01',
      headers: { authorization: `Bearer ${owner.token}`, 'x-project-id': projectId },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('keeps projects apart', async () => {
    const mine = (await report('')).body.data;
    expect(mine.totals.requests).toBe(20);
    const theirs = (await report('?groupBy=account', otherId)).body.data;
    expect(theirs.totals).toEqual(figures(7, 7, 7, 100_000_000));
    expect(theirs.rows.map((r) => r.label)).toEqual(['Their net']);
    // Naming the first project's strategy in the other's report finds nothing.
    const crossed = (await report(`?strategyId=${home.id}`, otherId)).body.data;
    expect(crossed.totals).toEqual(figures(0, 0, 0, 0));
    const refused = await report('', projectId, outsider);
    expect(refused.status).toBe(403);
    expect((refused.body.data as unknown as ErrorData).error).toBe('projectForbidden');
    const refusedExport = await call(t.app, 'GET', '/api/ads/report/export', {
      token: outsider.token,
      projectId,
    });
    expect(refusedExport.status).toBe(403);
  });

  it('re-stamps the days of income in a new zone (restampDays); serve counters need none', async () => {
    const days = async () =>
      (
        await t.app.ctx.db
          .selectFrom('ad_income')
          .select('day')
          .distinct()
          .where('project_id', '=', otherId)
          .execute()
      ).map((r) => r.day);
    const quarters = async () =>
      (
        await t.app.ctx.db
          .selectFrom('ad_serves')
          .select('quarter')
          .distinct()
          .where('project_id', '=', otherId)
          .execute()
      ).map((r) => r.quarter);
    const utc = await days();
    const stored = await quarters();
    // Their income is stamped at 08:00Z: 22:00 the same day at UTC+14, 22:00 the day before at
    // UTC-10.
    await t.app.ctx.db
      .transaction()
      .execute((trx) => restampDays(trx, 'ad_income', otherId, 'Pacific/Kiritimati'));
    expect(await days()).toEqual(utc);
    expect(await quarters()).toEqual(stored);
    await t.app.ctx.db
      .transaction()
      .execute((trx) => restampDays(trx, 'ad_income', otherId, 'Pacific/Honolulu'));
    expect(await days()).toEqual(utc.map((d) => d - 1));
    await t.app.ctx.db.transaction().execute((trx) => restampDays(trx, 'ad_income', otherId, 'UTC'));
    expect(await days()).toEqual(utc);
  });
});
