import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { testDb, TEST_TIME, type TestDb } from '../../db/testDb';
import { canonicalParams, hmacHex } from './postbackSignature';
import { formParams, receivePostback, textParams, type PostbackCall } from './postbackService';

const SECRET = 'account-secret';

/** Parameters signed with the account's secret by `sig`. */
function signed(params: Record<string, string>) {
  return { ...params, sig: hmacHex(SECRET, canonicalParams(params)) };
}

/** The AppError key, params and field paths a call throws. */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return {
      key: error.key,
      params: error.options.params,
      paths: error.options.errors?.('en-US').map((e) => e.path),
    };
  }
  return undefined;
}

describe('postbackService', () => {
  let t: TestDb;
  const time = TEST_TIME.toISOString();
  const deps = { now: () => TEST_TIME };
  const call = (extra: Partial<PostbackCall>): PostbackCall => ({
    accountId: 'a1',
    ip: '203.0.113.7',
    method: 'GET',
    source: {},
    ...extra,
  });
  const log = () =>
    t.db.selectFrom('ad_postbacks').select(['ip', 'outcome', 'reason', 'txid']).orderBy('id').execute();

  beforeEach(async () => {
    t = await testDb();
    await t.db
      .insertInto('ad_accounts')
      .values({
        id: 'a1',
        project_id: 'p1',
        name: 'Net',
        config: JSON.stringify({ currency: 'EUR', allowedIps: ['203.0.113.0/24'] }),
        network: 'net',
        secret: SECRET,
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('reads parameters as text and form bodies with repeated keys', () => {
    expect(textParams({ txid: 't1', amount: 1.5, test: true, note: null })).toEqual({
      txid: 't1',
      amount: '1.5',
      test: 'true',
      note: '',
    });
    expect(textParams({ txid: ['a', 'b'] })).toBeNull();
    expect(textParams('txid=1')).toBeNull();
    expect(formParams('a=1&b=2&a=3')).toEqual({ a: ['1', '3'], b: '2' });
  });

  it('books a signed credit once, in the account currency, and logs both answers', async () => {
    const source = signed({ txid: 'tx1', amount: '1.25' });
    expect(await receivePostback(t.db, call({ source }), deps)).toEqual({ accepted: true, duplicate: false });
    expect(await receivePostback(t.db, call({ source }), deps)).toEqual({ accepted: true, duplicate: true });
    const income = await t.db
      .selectFrom('ad_income')
      .select(['txid', 'kind', 'amount_micros', 'currency', 'source', 'time'])
      .execute();
    expect(income).toEqual([
      { txid: 'tx1', kind: 'credit', amount_micros: 1_250_000, currency: 'EUR', source: 'postback', time },
    ]);
    expect(await log()).toEqual([
      { ip: '203.0.113.7', outcome: 'accepted', reason: null, txid: 'tx1' },
      { ip: '203.0.113.7', outcome: 'duplicate', reason: null, txid: 'tx1' },
    ]);
  });

  it('refuses and logs another address, a wrong signature and parameters that are no transaction', async () => {
    const source = signed({ txid: 'tx1', amount: '1' });
    expect(await refusal(() => receivePostback(t.db, call({ source, ip: '198.51.100.1' }), deps))).toEqual({
      key: 'ads.postbackRefused',
      params: { reason: 'address' },
      paths: undefined,
    });
    expect(
      await refusal(() => receivePostback(t.db, call({ source: { ...source, amount: '2' } }), deps)),
    ).toMatchObject({ key: 'ads.postbackRefused', params: { reason: 'signature' } });
    expect(
      await refusal(() => receivePostback(t.db, call({ source: signed({ amount: 'x' }) }), deps)),
    ).toMatchObject({ key: 'validation', paths: ['/querystring/txid', '/querystring/amount'] });
    // A POST's fields are the body's; a body that is not an object is refused as a whole.
    expect(
      await refusal(() =>
        receivePostback(t.db, call({ method: 'POST', source: signed({ amount: 'x' }) }), deps),
      ),
    ).toMatchObject({ key: 'validation', paths: ['/txid', '/amount'] });
    expect(
      await refusal(() =>
        receivePostback(
          t.db,
          call({
            method: 'POST',
            source: 'not json',
            rawBody: 'not json',
            signatureHeader: `sha256=${hmacHex(SECRET, 'not json')}`,
          }),
          deps,
        ),
      ),
    ).toMatchObject({ key: 'validation', paths: [''] });
    expect((await log()).map((row) => [row.outcome, row.reason, row.txid])).toEqual([
      ['refused', 'address', 'tx1'],
      ['refused', 'signature', 'tx1'],
      ['refused', 'invalid', null],
      ['refused', 'invalid', null],
      ['refused', 'invalid', null],
    ]);
    expect(await t.db.selectFrom('ad_income').select('id').execute()).toEqual([]);
  });

  it('refuses an unknown account unlogged (the caller is told) and a reversal without its credit', async () => {
    const unknown: string[] = [];
    const source = signed({ txid: 'tx9', status: 'reversal' });
    expect(
      await refusal(() =>
        receivePostback(t.db, call({ accountId: 'nope', source }), {
          ...deps,
          warnUnknownAccount: (c) => unknown.push(c.accountId),
        }),
      ),
    ).toMatchObject({ key: 'ads.postbackRefused', params: { reason: 'unknownAccount' } });
    expect(unknown).toEqual(['nope']);
    expect(await refusal(() => receivePostback(t.db, call({ source }), deps))).toMatchObject({
      key: 'ads.unknownTransaction',
      params: { txid: 'tx9' },
    });
    expect(await log()).toEqual([
      { ip: '203.0.113.7', outcome: 'refused', reason: 'unknownTransaction', txid: 'tx9' },
    ]);
  });

  it('books a reversal of a credit negative, in the credit currency', async () => {
    await receivePostback(
      t.db,
      call({ source: signed({ txid: 'tx1', amount: '2', currency: 'USD' }) }),
      deps,
    );
    expect(
      await receivePostback(t.db, call({ source: signed({ txid: 'tx1', status: 'reversal' }) }), deps),
    ).toEqual({ accepted: true, duplicate: false });
    const rows = await t.db
      .selectFrom('ad_income')
      .select(['kind', 'amount_micros', 'currency'])
      .orderBy('kind')
      .execute();
    expect(rows).toEqual([
      { kind: 'credit', amount_micros: 2_000_000, currency: 'USD' },
      { kind: 'reversal', amount_micros: -2_000_000, currency: 'USD' },
    ]);
  });
});
