import { describe, expect, it } from 'vitest';
import { readIncomeInput } from './incomeInput';

describe('readIncomeInput', () => {
  it('reads a credit with everything', () => {
    expect(
      readIncomeInput({
        txid: ' T-1 ',
        amount: '1.25',
        currency: 'eur',
        click_id: '0abcDEF_123',
        offer_id: 'survey-1',
        user_id: 'u@1',
        domain: 'News.Example.com',
      }),
    ).toEqual({
      input: {
        txid: 'T-1',
        kind: 'credit',
        amountMicros: 1_250_000,
        currency: 'EUR',
        clickId: '0abcDEF_123',
        offerId: 'survey-1',
        userId: 'u@1',
        domain: 'news.example.com',
      },
      problems: [],
    });
  });

  it('takes amount_micros before amount, and defaults to a credit in the account currency', () => {
    const read = readIncomeInput({ txid: 'a', amount: '9', amount_micros: '1500' });
    expect(read.input).toMatchObject({ kind: 'credit', amountMicros: 1500, currency: null, domain: '' });
  });

  it('stores a reversal negative, its amount optional', () => {
    expect(readIncomeInput({ txid: 'a', status: 'Reversal', amount: '0.5' }).input).toMatchObject({
      kind: 'reversal',
      amountMicros: -500_000,
    });
    expect(readIncomeInput({ txid: 'a', status: 'reversal', amount: '-0.5' }).input?.amountMicros).toBe(
      -500_000,
    );
    expect(readIncomeInput({ txid: 'a', status: 'reversal' }).input?.amountMicros).toBeNull();
  });

  it('lists every problem of a bad transaction', () => {
    const read = readIncomeInput({
      txid: '',
      amount: '1.2345678',
      currency: 'US',
      status: 'refund',
      click_id: 'a b',
      offer_id: 'x'.repeat(41),
      user_id: 'a/b',
    });
    expect(read.input).toBeNull();
    expect(read.problems.map((p) => `${p.field}:${p.key}`)).toEqual([
      'txid:required',
      'status:enum',
      'amount:type.number',
      'currency:pattern',
      'click_id:pattern',
      'offer_id:pattern',
      'user_id:pattern',
    ]);
  });

  it('refuses a credit without an amount or below zero, and over-long or control-character txids', () => {
    expect(readIncomeInput({ txid: 'a' }).problems).toEqual([{ field: 'amount', key: 'required' }]);
    expect(readIncomeInput({ txid: 'a', amount: '-1' }).problems).toEqual([
      { field: 'amount', key: 'minimum', params: { limit: 0 } },
    ]);
    expect(readIncomeInput({ txid: 'a', amount_micros: '1.5' }).problems).toEqual([
      { field: 'amount_micros', key: 'type.integer' },
    ]);
    expect(readIncomeInput({ txid: 'x'.repeat(101), amount: '1' }).problems[0]).toMatchObject({
      field: 'txid',
      key: 'maxLength',
    });
    expect(readIncomeInput({ txid: 'a\u0007b', amount: '1' }).problems[0]).toMatchObject({
      key: 'singleLine',
    });
  });
});
