import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../../db/testDb';
import { testCaller, testParticipant } from './offerwallTestCaller';
import { ledgerBalance, requestWithdrawal, type WithdrawalInput } from './requestWithdrawal';

const time = TEST_TIME.toISOString();
const participant = testParticipant;
const caller = testCaller;
const input = (changes: Partial<WithdrawalInput> = {}): WithdrawalInput => ({
  key: 'k1',
  amountMicros: 2_000_000,
  method: 'paypal',
  account: '  me@example.com ',
  lang: 'en-US',
  ...changes,
});

describe('requestWithdrawal', () => {
  let t: TestDb;

  beforeEach(async () => {
    t = await testDb();
    await t.db.insertInto('participants').values(participant).execute();
    await t.db
      .insertInto('offerwall_ledger')
      .values({
        id: 'l1',
        project_id: 'p1',
        participant_id: 'pa1',
        kind: 'credit',
        amount_micros: 5_000_000,
        currency: 'USD',
        income_id: null,
        withdrawal_id: null,
        created_at: time,
      })
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('writes a pending withdrawal with the trimmed account and its ledger row, once per key', async () => {
    const row = await requestWithdrawal(t.db, caller, input());
    expect(row).toMatchObject({
      participant_id: 'pa1',
      amount_micros: 2_000_000,
      currency: 'USD',
      method: 'paypal',
      account: 'me@example.com',
      status: 'pending',
      idempotency_key: 'k1',
      created_at: time,
    });
    expect(await ledgerBalance(t.db, 'p1', 'pa1')).toBe(3_000_000);
    // The same key answers the first withdrawal, even with another amount.
    const again = await requestWithdrawal(t.db, caller, input({ amountMicros: 9_000_000 }));
    expect(again.id).toBe(row.id);
    expect(await ledgerBalance(t.db, 'p1', 'pa1')).toBe(3_000_000);
    expect(await t.db.selectFrom('withdrawals').select('id').execute()).toHaveLength(1);
  });

  it('refuses a blank account, an amount below the minimum and one above the balance', async () => {
    expect(await refusal(() => requestWithdrawal(t.db, caller, input({ account: '   ' })))).toEqual({
      key: 'validation',
      paths: ['/account'],
    });
    expect(await refusal(() => requestWithdrawal(t.db, caller, input({ amountMicros: 999_999 })))).toEqual({
      key: 'ads.belowMinimum',
      paths: undefined,
    });
    expect(await refusal(() => requestWithdrawal(t.db, caller, input({ amountMicros: 5_000_001 })))).toEqual({
      key: 'ads.balanceTooLow',
      paths: undefined,
    });
    expect(await ledgerBalance(t.db, 'p1', 'pa1')).toBe(5_000_000);
    expect(
      await refusal(() => requestWithdrawal(t.db, caller, input({ amountMicros: 5_000_000 }))),
    ).toBeUndefined();
    expect(await ledgerBalance(t.db, 'p1', 'pa1')).toBe(0);
  });
});
