import { useState, type FormEvent } from 'react';
import { parseMoneyToMicros } from '../../engine/ads/money';
import type { UiLang } from '../i18n/texts';
import {
  newRequestKey,
  OfferwallApiError,
  requestWithdrawal,
  type OfferwallApiOptions,
} from './offerwallApi';
import type { Withdrawal, WithdrawalMethod } from './offerwallTypes';
import type { Money } from './money';
import { useOfferwallT } from './offerwallTexts';
import { localProblems, serverProblems, type FieldProblems } from './withdrawFields';

/**
 * The withdrawal form's values and its sending: the form's own checks first, then one request per
 * press; the server's field problems go under their fields, its other refusals above the button.
 */
export function useWithdraw({
  money,
  lang,
  api,
  onDone,
}: {
  money: Money;
  lang: UiLang;
  api: OfferwallApiOptions;
  onDone(withdrawal: Withdrawal): void;
}) {
  const t = useOfferwallT();
  const [method, setMethod] = useState<WithdrawalMethod>(lang === 'zh-CN' ? 'alipay' : 'paypal');
  const [account, setAccount] = useState('');
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [refused, setRefused] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefused(null);
    setDone(null);
    const micros = parseMoneyToMicros(amount);
    const local = localProblems(account, micros, t);
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
        const fields = serverProblems(error.fields);
        setProblems(fields);
        if (Object.keys(fields).length === 0) setRefused(error.message);
      } else setRefused(error instanceof Error ? error.message : t('unexpected'));
    } finally {
      setSending(false);
    }
  }

  return {
    method,
    setMethod,
    account,
    setAccount,
    amount,
    setAmount,
    problems,
    refused,
    done,
    sending,
    submit,
  };
}
