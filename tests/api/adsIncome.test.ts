import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appServers, createTestApp, type TestApp, SERVERS_UNDER_TEST } from './helpers/testApp';
import { call, countRows, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';
import {
  seedAccount,
  seedParticipant,
  seedRequests,
  seedStrategy,
  sendPostback,
  signParams,
  type SeededAccount,
} from './helpers/adsIncome';
import { dayOf } from '../../src/server/sdk/dayNumber';

// Income on both databases: signed postbacks (address and signature checks, each transaction
// once, reversals, click attribution, offer credits to the offerwall ledger) and CSV imports.

interface LogRow {
  id: string;
  time: string;
  ip: string;
  outcome: string;
  reason: string | null;
  txid: string | null;
}
interface ImportError {
  path: string;
  line: number;
  field: string;
  message: string;
}

const TODAY = '2026-03-01';

describe('ads income', () => {
  let t: TestApp;
  let owner: SignedIn;
  let operator: SignedIn;
  let projectId: string;
  let otherProjectId: string;
  let account: SeededAccount;
  let fenced: SeededAccount;

  const incomeRows = (txid?: string) => {
    let query = t.app.ctx.db.selectFrom('ad_income').selectAll().where('project_id', '=', projectId);
    if (txid) query = query.where('txid', '=', txid);
    return query.orderBy('kind').execute();
  };
  const ledger = (participantId: string) =>
    t.app.ctx.db
      .selectFrom('offerwall_ledger')
      .selectAll()
      .where('participant_id', '=', participantId)
      .orderBy('created_at')
      .orderBy('kind')
      .execute();
  const lastLog = async (accountId: string) =>
    t.app.ctx.db
      .selectFrom('ad_postbacks')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  /** Row counts but the postback log, which records every attempt. */
  const stored = async () => {
    const { ad_postbacks: _log, ...rows } = await countRows(t.app);
    return rows;
  };
  const logCount = async () => (await countRows(t.app)).ad_postbacks;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'owner@example.com');
    projectId = await createProject(t.app, owner, 'Ads', 'ads');
    otherProjectId = await createProject(t.app, owner, 'Other', 'other');
    operator = await addMember(t.app, owner, 'operator@example.com', 'operator', [
      { projectId, permission: 'edit' },
    ]);
    account = await seedAccount(t.app, projectId, { offers: [{ id: 'survey', rewardMicros: 500_000 }] });
    fenced = await seedAccount(t.app, projectId, {
      name: 'Fenced',
      allowedIps: ['203.0.113.0/24', '2001:db8::/32'],
    });
  });
  afterAll(async () => t.close());

  it('books a signed credit once, in the account currency, on the local day', async () => {
    const answer = await sendPostback(t.app, account, { txid: 'C-1', amount: '1.25' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ accepted: true, duplicate: false });
    const [row] = await incomeRows('C-1');
    expect(row).toMatchObject({
      kind: 'credit',
      currency: 'USD',
      source: 'postback',
      day: dayOf(TODAY),
      request_id: null,
      domain: '',
    });
    expect(Number(row.amount_micros)).toBe(1_250_000);
    expect(await lastLog(account.id)).toMatchObject({
      outcome: 'accepted',
      reason: null,
      txid: 'C-1',
      ip: '127.0.0.1',
    });

    const again = await sendPostback(t.app, account, { txid: 'C-1', amount: '1.25' });
    expect(again.body.data).toEqual({ accepted: true, duplicate: true });
    expect(await incomeRows('C-1')).toHaveLength(1);
    expect(await lastLog(account.id)).toMatchObject({ outcome: 'duplicate', txid: 'C-1' });
  });

  it('refuses a bad signature: logged, counted nowhere else', async () => {
    const before = await stored();
    const logs = await logCount();
    const answer = await sendPostback(t.app, account, { txid: 'BAD-1', amount: '9' }, { badSig: true });
    expect(answer.status).toBe(403);
    expect(answer.body.data).toMatchObject({ error: 'ads.postbackRefused', reason: 'signature' });
    expect(answer.body.msg).toBe('Postback refused: signature');
    // A parameter changed after signing is the same refusal.
    const sig = signParams(account.secret, { txid: 'BAD-2', amount: '1' });
    const tampered = await t.app.inject({
      method: 'GET',
      url: `/api/ads/v1/postback/${account.id}?txid=BAD-2&amount=100&sig=${sig}`,
    });
    expect(tampered.statusCode).toBe(403);
    expect(await stored()).toEqual(before);
    expect(await logCount()).toBe(logs + 2);
    expect(await lastLog(account.id)).toMatchObject({
      outcome: 'refused',
      reason: 'signature',
      txid: 'BAD-2',
    });
  });

  it('refuses an address outside allowedIps: logged, counted nowhere else; allowed ones book', async () => {
    const before = await stored();
    const refused = await sendPostback(t.app, fenced, { txid: 'F-1', amount: '2' });
    expect(refused.status).toBe(403);
    expect(refused.body.data).toMatchObject({ error: 'ads.postbackRefused', reason: 'address' });
    const outside = await sendPostback(
      t.app,
      fenced,
      { txid: 'F-1', amount: '2' },
      { remoteAddress: '198.51.100.7' },
    );
    expect(outside.status).toBe(403);
    expect(await stored()).toEqual(before);
    expect(await lastLog(fenced.id)).toMatchObject({
      outcome: 'refused',
      reason: 'address',
      ip: '198.51.100.7',
    });

    const inside = await sendPostback(
      t.app,
      fenced,
      { txid: 'F-1', amount: '2' },
      { remoteAddress: '203.0.113.7' },
    );
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    const v6 = await sendPostback(
      t.app,
      fenced,
      { txid: 'F-2', amount: '2' },
      { remoteAddress: '2001:db8::9' },
    );
    expect(v6.status).toBe(200);
  });

  it('refuses an unknown account without storing anything', async () => {
    const before = await countRows(t.app);
    const answer = await sendPostback(
      t.app,
      { id: 'no-such-account', secret: 'x' },
      { txid: 'U-1', amount: '1' },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.data).toMatchObject({ reason: 'unknownAccount' });
    expect(await countRows(t.app)).toEqual(before);
  });

  it('refuses signed but invalid parameters at their field, logged as invalid', async () => {
    const before = await stored();
    const answer = await sendPostback(t.app, account, { amount: 'abc', status: 'refund' });
    expect(answer.status).toBe(400);
    expect((answer.body.data as unknown as ErrorData).errors?.map((e) => e.path)).toEqual([
      '/querystring/txid',
      '/querystring/status',
      '/querystring/amount',
    ]);
    expect(await stored()).toEqual(before);
    expect(await lastLog(account.id)).toMatchObject({ outcome: 'refused', reason: 'invalid', txid: null });
  });

  it('takes JSON and form bodies signed by sig, and JSON signed by X-Signature over the raw body', async () => {
    const json = { txid: 'P-1', amount: 0.5, currency: 'eur' };
    const jsonSig = signParams(account.secret, { txid: 'P-1', amount: '0.5', currency: 'eur' });
    const a = await t.app.inject({
      method: 'POST',
      url: `/api/ads/v1/postback/${account.id}`,
      payload: { ...json, sig: jsonSig },
    });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers['access-control-allow-origin']).toBe('*');

    const form = new URLSearchParams({ txid: 'P-2', amount_micros: '70000' });
    form.set('sig', signParams(account.secret, { txid: 'P-2', amount_micros: '70000' }));
    const b = await t.app.inject({
      method: 'POST',
      url: `/api/ads/v1/postback/${account.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(b.statusCode, b.body).toBe(200);

    const raw = JSON.stringify({ txid: 'P-3', amount: '3' });
    const header = `sha256=${createHmac('sha256', account.secret).update(raw).digest('hex')}`;
    const c = await t.app.inject({
      method: 'POST',
      url: `/api/ads/v1/postback/${account.id}`,
      headers: { 'content-type': 'application/json', 'x-signature': header },
      payload: raw,
    });
    expect(c.statusCode, c.body).toBe(200);
    // The same header over another body (or over the body with the query's extra parameters) fails.
    const d = await t.app.inject({
      method: 'POST',
      url: `/api/ads/v1/postback/${account.id}?user_id=attacker&offer_id=survey`,
      headers: { 'content-type': 'application/json', 'x-signature': header },
      payload: JSON.stringify({ txid: 'P-3b', amount: '3' }),
    });
    expect(d.statusCode).toBe(403);

    const rows = Object.fromEntries(
      (await incomeRows()).filter((r) => r.txid.startsWith('P-')).map((r) => [r.txid, r]),
    );
    expect(Object.keys(rows).sort()).toEqual(['P-1', 'P-2', 'P-3']);
    expect(rows['P-1']).toMatchObject({ currency: 'EUR' });
    expect(Number(rows['P-1'].amount_micros)).toBe(500_000);
    expect(Number(rows['P-2'].amount_micros)).toBe(70_000);
    expect(Number(rows['P-3'].amount_micros)).toBe(3_000_000);
  });

  it('attributes a credit to the request its click_id names (the project’s only)', async () => {
    const strategy = await seedStrategy(t.app, projectId, 'Home', ['https://ads.example.com/a']);
    const urlId = strategy.urls['https://ads.example.com/a'];
    const [requestId] = await seedRequests(t.app, {
      projectId,
      strategyId: strategy.id,
      urlId,
      date: TODAY,
      domain: 'news.example.com',
      requests: 1,
      served: 1,
      clicked: 1,
    });
    const foreign = await seedStrategy(t.app, otherProjectId, 'Theirs', ['https://ads.example.com/b']);
    const [foreignRequest] = await seedRequests(t.app, {
      projectId: otherProjectId,
      strategyId: foreign.id,
      urlId: foreign.urls['https://ads.example.com/b'],
      date: TODAY,
      domain: 'theirs.example.com',
      requests: 1,
      served: 1,
      clicked: 0,
    });
    expect(
      (await sendPostback(t.app, account, { txid: 'K-1', amount: '2', click_id: requestId })).status,
    ).toBe(200);
    expect(
      (await sendPostback(t.app, account, { txid: 'K-2', amount: '2', click_id: foreignRequest })).status,
    ).toBe(200);
    const [mine] = await incomeRows('K-1');
    expect(mine).toMatchObject({
      request_id: requestId,
      strategy_id: strategy.id,
      url_id: urlId,
      domain: 'news.example.com',
    });
    const [theirs] = await incomeRows('K-2');
    expect(theirs).toMatchObject({ request_id: null, strategy_id: null, url_id: null, domain: '' });
  });

  it('credits an offer to the participant’s ledger once; a reversal debits income and ledger', async () => {
    const participantId = await seedParticipant(t.app, projectId, 'player-1');
    const credit = { txid: 'O-1', amount: '4', offer_id: 'survey', user_id: 'player-1' };
    expect((await sendPostback(t.app, account, credit)).body.data).toEqual({
      accepted: true,
      duplicate: false,
    });
    expect((await sendPostback(t.app, account, credit)).body.data).toEqual({
      accepted: true,
      duplicate: true,
    });
    let rows = await ledger(participantId);
    expect(rows.map((r) => [r.kind, Number(r.amount_micros), r.currency])).toEqual([
      ['credit', 500_000, 'USD'],
    ]);
    const [income] = await incomeRows('O-1');
    expect(income).toMatchObject({ offer_id: 'survey', participant_id: participantId });
    expect(rows[0].income_id).toBe(income.id);

    // An unknown offer or user books the income and credits nobody.
    await sendPostback(t.app, account, { txid: 'O-2', amount: '1', offer_id: 'nope', user_id: 'player-1' });
    await sendPostback(t.app, account, { txid: 'O-3', amount: '1', offer_id: 'survey', user_id: 'stranger' });
    expect(await ledger(participantId)).toHaveLength(1);

    const reversal = await sendPostback(t.app, account, { txid: 'O-1', status: 'reversal' });
    expect(reversal.body.data).toEqual({ accepted: true, duplicate: false });
    const both = await incomeRows('O-1');
    expect(both.map((r) => [r.kind, Number(r.amount_micros), r.participant_id])).toEqual([
      ['credit', 4_000_000, participantId],
      ['reversal', -4_000_000, participantId],
    ]);
    expect((await sendPostback(t.app, account, { txid: 'O-1', status: 'reversal' })).body.data).toEqual({
      accepted: true,
      duplicate: true,
    });
    rows = await ledger(participantId);
    expect(rows.map((r) => [r.kind, Number(r.amount_micros)])).toEqual([
      ['credit', 500_000],
      ['reversal', -500_000],
    ]);
    expect(rows.reduce((sum, r) => sum + Number(r.amount_micros), 0)).toBe(0);

    // A partial reversal: the amount given, negative; the ledger still loses what the credit gave.
    await sendPostback(t.app, account, { txid: 'O-4', amount: '2', offer_id: 'survey', user_id: 'player-1' });
    await sendPostback(t.app, account, { txid: 'O-4', amount: '0.5', status: 'reversal' });
    const partial = await incomeRows('O-4');
    expect(partial.map((r) => Number(r.amount_micros))).toEqual([2_000_000, -500_000]);
    expect((await ledger(participantId)).reduce((sum, r) => sum + Number(r.amount_micros), 0)).toBe(0);
  });

  it('answers 404 to a reversal of an unknown transaction, logged and counted nowhere', async () => {
    const before = await stored();
    const answer = await sendPostback(t.app, account, { txid: 'NEVER', status: 'reversal' });
    expect(answer.status).toBe(404);
    expect(answer.body.data).toMatchObject({ error: 'ads.unknownTransaction' });
    expect(answer.body.msg).toBe('No transaction "NEVER" to reverse');
    expect(await stored()).toEqual(before);
    expect(await lastLog(account.id)).toMatchObject({ outcome: 'refused', reason: 'unknownTransaction' });
  });

  it(`credits once when ten identical postbacks arrive at once (${SERVERS_UNDER_TEST})`, async () => {
    const participantId = await seedParticipant(t.app, projectId, 'player-2');
    const { servers, close } = await appServers(t);
    try {
      const params = { txid: 'R-1', amount: '1', offer_id: 'survey', user_id: 'player-2' };
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => sendPostback(servers[i % servers.length], account, params)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(answers.filter((a) => a.body.data.duplicate === false)).toHaveLength(1);
      expect(await incomeRows('R-1')).toHaveLength(1);
      expect(await ledger(participantId)).toHaveLength(1);

      const reversals = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          sendPostback(servers[i % servers.length], account, { txid: 'R-1', status: 'reversal' }),
        ),
      );
      expect(reversals.filter((a) => a.body.data.duplicate === false)).toHaveLength(1);
      expect((await ledger(participantId)).map((r) => Number(r.amount_micros))).toEqual([500_000, -500_000]);
      const log = await t.app.ctx.db
        .selectFrom('ad_postbacks')
        .select(['outcome'])
        .where('txid', '=', 'R-1')
        .execute();
      expect(log.filter((r) => r.outcome === 'accepted')).toHaveLength(2);
      expect(log.filter((r) => r.outcome === 'duplicate')).toHaveLength(18);
    } finally {
      await close();
    }
  });

  it('lists the postback log newest first, to the project only', async () => {
    const page = await call<{ items: LogRow[]; total: number }>(
      t.app,
      'GET',
      `/api/ads/accounts/${fenced.id}/postbacks?pageSize=2`,
      { token: owner.token, projectId },
    );
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(4);
    expect(page.body.data.items.map((r) => [r.outcome, r.txid])).toEqual([
      ['accepted', 'F-2'],
      ['accepted', 'F-1'],
    ]);
    const foreign = await call(t.app, 'GET', `/api/ads/accounts/${fenced.id}/postbacks`, {
      token: owner.token,
      projectId: otherProjectId,
    });
    expect(foreign.status).toBe(404);
  });

  describe('CSV import', () => {
    const importCsv = (csv: string, who: SignedIn = owner, lang: 'en' | 'zh-cn' = 'en', id = account.id) =>
      call<{ imported: number; duplicates: number }>(t.app, 'POST', `/api/ads/accounts/${id}/import`, {
        token: who.token,
        projectId,
        lang,
        body: { csv },
      });

    it('books every line of a good file, duplicates counted, reversals of earlier lines included', async () => {
      const participantId = await seedParticipant(t.app, projectId, 'player-3');
      const csv = [
        'Date,TXID,Amount,Currency,Status,Domain,Offer_ID,User_ID',
        '2026-02-27,I-1,1.5,,,blog.example.com,,',
        '2026-02-28,I-2,0.25,EUR,credit,,survey,player-3',
        '2026-03-01,I-2,,,reversal,,,',
        '2026-03-01,C-1,1.25,,,,,',
        '2026-03-01,I-1,1.5,,,,,',
      ].join('\r\n');
      const answer = await importCsv(csv);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toEqual({ imported: 3, duplicates: 2 });
      const [first] = await incomeRows('I-1');
      expect(first).toMatchObject({
        source: 'import',
        day: dayOf('2026-02-27'),
        time: '2026-02-27T12:00:00.000Z',
        domain: 'blog.example.com',
        currency: 'USD',
      });
      const second = await incomeRows('I-2');
      expect(second.map((r) => [r.kind, Number(r.amount_micros), r.currency, r.day])).toEqual([
        ['credit', 250_000, 'EUR', dayOf('2026-02-28')],
        ['reversal', -250_000, 'EUR', dayOf('2026-03-01')],
      ]);
      expect((await ledger(participantId)).map((r) => [r.kind, Number(r.amount_micros)])).toEqual([
        ['credit', 500_000],
        ['reversal', -500_000],
      ]);
    });

    it('refuses a file with any bad line: every problem listed by line and column, nothing stored', async () => {
      const before = await countRows(t.app);
      const csv = [
        'date,txid,amount,status',
        '2026-03-01,OK-1,1,',
        '2026-02-30,OK-2,1,',
        '2026-03-01,,x,',
        '2026-03-01,GHOST,,reversal',
      ].join('\n');
      const answer = await importCsv(csv);
      expect(answer.status).toBe(400);
      const data = answer.body.data as unknown as { error: string; errors: ImportError[] };
      expect(data.error).toBe('ads.importInvalid');
      expect(answer.body.msg).toBe('The file has 2 invalid line(s); nothing was imported');
      expect(data.errors).toEqual([
        { path: '/csv', line: 3, field: 'date', message: 'Please enter a valid date (YYYY-MM-DD)' },
        { path: '/csv', line: 4, field: 'txid', message: 'This field is required' },
        { path: '/csv', line: 4, field: 'amount', message: 'Please enter a number' },
      ]);
      expect(await countRows(t.app)).toEqual(before);

      // Lines that read well but reverse nothing known are refused the same way, in Chinese too.
      const ghost = await importCsv('date,txid,amount,status\n2026-03-01,GHOST,,reversal\n', owner, 'zh-cn');
      expect(ghost.status).toBe(400);
      const ghostData = ghost.body.data as unknown as { errors: ImportError[] };
      expect(ghostData.errors).toEqual([
        { path: '/csv', line: 2, field: 'txid', message: expect.stringContaining('GHOST') },
      ]);
      expect(ghost.body.msg).toContain('1');
      const header = await importCsv('date,amount\n2026-03-01,1\n');
      expect((header.body.data as unknown as { errors: ImportError[] }).errors).toEqual([
        { path: '/csv', line: 1, field: 'txid', message: 'This field is required' },
      ]);
      expect(await countRows(t.app)).toEqual(before);
    });

    it('is for advanced users of the project only', async () => {
      const before = await countRows(t.app);
      const refused = await importCsv('date,txid,amount\n2026-03-01,ADV-1,1\n', operator);
      expect(refused.status).toBe(403);
      expect((refused.body.data as unknown as ErrorData).error).toBe('adsAdvancedRequired');
      const elsewhere = await call(t.app, 'POST', `/api/ads/accounts/${account.id}/import`, {
        token: owner.token,
        projectId: otherProjectId,
        body: { csv: 'date,txid,amount\n2026-03-01,ADV-1,1\n' },
      });
      expect(elsewhere.status).toBe(404);
      expect(await countRows(t.app)).toEqual(before);
    });
  });
});
