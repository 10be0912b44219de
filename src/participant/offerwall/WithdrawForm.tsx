import { useState, type FormEvent } from 'react';
import { parseMoneyToMicros } from '../../engine/ads/money';
import type { UiLang } from '../i18n/texts';
import {
  newRequestKey,
  OfferwallApiError,
  requestWithdrawal,
  type OfferwallApiOptions,
} from './offerwallApi';
import { WITHDRAWAL_METHODS, type Wall, type Withdrawal, type WithdrawalMethod } from './offerwallTypes';
import { microsText, type Money } from './money';
import { useOfferwallT } from './offerwallTexts';

interface Props {
  wall: Wall;
  money: Money;
  lang: UiLang;
  api: OfferwallApiOptions;
  onDone(withdrawal: Withdrawal): void;
}

type Field = 'method' | 'account' | 'amount';

// The server's field paths, as the form's fields.
const FIELD_OF: Record<string, Field> = {
  '/method': 'method',
  '/account': 'account',
  '/amountMicros': 'amount',
};

/**
 * Method, account and amount (decimal text, sent as integer micros: parsed without floats). The
 * server decides minimum and balance; its words are shown as they come, field problems under
 * their fields.
 */
export function WithdrawForm({ wall, money, lang, api, onDone }: Props) {
  const t = useOfferwallT();
  const [method, setMethod] = useState<WithdrawalMethod>(lang === 'zh-CN' ? 'alipay' : 'paypal');
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefused(null);
    setDone(null);
    const micros = parseMoneyToMicros(amount);
    const local: Partial<Record<Field, string>> = {};
    if (!account.trim()) local.account = t('withdraw.accountRequired');
    if (micros === null || micros <= 0) local.amount = t('withdraw.amountInvalid');
    setProblems(local);
    if (Object.keys(local).length > 0 || micros === null) return;
    setSending(true);
    try {
      // One key per press: a dropped answer is retried under it, never asked twice.
      const withdrawal = await requestWithdrawal(
        { amountMicros: micros, method, account: account.trim() },
        newRequestKey(),
        api,
      );
      setDone(t('withdraw.done', { amount: money(withdrawal.amountMicros, withdrawal.currency) }));
      setAmount('');
      onDone(withdrawal);
    } catch (error) {
      if (error instanceof OfferwallApiError && Object.keys(error.fields).length > 0) {
        const fields: Partial<Record<Field, string>> = {};
        for (const [path, message] of Object.entries(error.fields)) {
          const field = FIELD_OF[path];
          if (field) fields[field] = message;
        }
        setProblems(fields);
        if (Object.keys(fields).length === 0) setRefused(error.message);
      } else setRefused(error instanceof Error ? error.message : t('unexpected'));
    } finally {
      setSending(false);
    }
  }

  const problem = (field: Field) =>
    problems[field] ? (
      <p className="ow-problem" id={`ow-${field}-problem`} data-testid={`withdraw-${field}-problem`}>
        {problems[field]}
      </p>
    ) : null;

  return (
    <section className="ow-card" aria-labelledby="ow-withdraw">
      <h2 id="ow-withdraw">{t('withdraw.title')}</h2>
      <form
        className="ow-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        data-testid="withdraw-form"
      >
        <label className="ow-field">
          <span>{t('withdraw.method')}</span>
          <select
            value={method}
            data-testid="withdraw-method"
            aria-invalid={problems.method ? true : undefined}
            onChange={(event) => setMethod(event.target.value as WithdrawalMethod)}
          >
            {WITHDRAWAL_METHODS.map((value) => (
              <option key={value} value={value}>
                {t(`withdraw.methods.${value}`)}
              </option>
            ))}
          </select>
          {problem('method')}
        </label>
        <label className="ow-field">
          <span>{t('withdraw.account')}</span>
          <input
            value={account}
            maxLength={100}
            autoComplete="off"
            placeholder={t('withdraw.accountHint')}
            data-testid="withdraw-account"
            aria-invalid={problems.account ? true : undefined}
            aria-describedby={problems.account ? 'ow-account-problem' : undefined}
            onChange={(event) => setAccount(event.target.value)}
          />
          {problem('account')}
        </label>
        <label className="ow-field">
          <span>{t('withdraw.amount', { currency: wall.currency })}</span>
          <span className="ow-amount-row">
            <input
              value={amount}
              inputMode="decimal"
              autoComplete="off"
              placeholder={microsText(wall.minWithdrawalMicros)}
              data-testid="withdraw-amount"
              aria-invalid={problems.amount ? true : undefined}
              aria-describedby={problems.amount ? 'ow-amount-problem' : undefined}
              onChange={(event) => setAmount(event.target.value)}
            />
            <button
              type="button"
              className="ow-btn ow-btn-ghost ow-btn-small"
              data-testid="withdraw-all"
              disabled={wall.balanceMicros <= 0}
              onClick={() => setAmount(microsText(wall.balanceMicros))}
            >
              {t('withdraw.all')}
            </button>
          </span>
          {problem('amount')}
        </label>
        {wall.balanceMicros < wall.minWithdrawalMicros ? (
          <p className="ow-muted">{t('withdraw.nothingToWithdraw')}</p>
        ) : null}
        {refused ? (
          <p className="ow-problem" role="alert" data-testid="withdraw-error">
            {refused}
          </p>
        ) : null}
        {done ? (
          <p className="ow-done" role="status" data-testid="withdraw-done">
            {done}
          </p>
        ) : null}
        <button type="submit" className="ow-btn ow-btn-main" disabled={sending} data-testid="withdraw-submit">
          {sending ? t('withdraw.submitting') : t('withdraw.submit')}
        </button>
      </form>
    </section>
  );
}
