import type { UiLang } from '../i18n/texts';
import type { OfferwallApiOptions } from './offerwallApi';
import type { Wall, Withdrawal } from './offerwallTypes';
import type { Money } from './money';
import { useOfferwallT } from './offerwallTexts';
import { useWithdraw } from './useWithdraw';
import { FieldProblem } from './FieldProblem';
import { AmountField } from './AmountField';
import { MethodField } from './MethodField';

interface Props {
  wall: Wall;
  money: Money;
  lang: UiLang;
  api: OfferwallApiOptions;
  onDone(withdrawal: Withdrawal): void;
}

/**
 * Method, account and amount (decimal text, sent as integer micros: parsed without floats). The
 * server decides minimum and balance; its words are shown as they come, field problems under
 * their fields.
 */
export function WithdrawForm({ wall, money, lang, api, onDone }: Props) {
  const t = useOfferwallT();
  const form = useWithdraw({ money, lang, api, onDone });
  const { problems } = form;

  return (
    <section className="ow-card" aria-labelledby="ow-withdraw">
      <h2 id="ow-withdraw">{t('withdraw.title')}</h2>
      <form
        className="ow-form"
        noValidate
        onSubmit={(event) => void form.submit(event)}
        data-testid="withdraw-form"
      >
        <MethodField method={form.method} setMethod={form.setMethod} problems={problems} />
        <label className="ow-field">
          <span>{t('withdraw.account')}</span>
          <input
            value={form.account}
            maxLength={100}
            autoComplete="off"
            placeholder={t('withdraw.accountHint')}
            data-testid="withdraw-account"
            aria-invalid={problems.account ? true : undefined}
            aria-describedby={problems.account ? 'ow-account-problem' : undefined}
            onChange={(event) => form.setAccount(event.target.value)}
          />
          <FieldProblem field="account" problems={problems} />
        </label>
        <AmountField wall={wall} amount={form.amount} setAmount={form.setAmount} problems={problems} />
        {wall.balanceMicros < wall.minWithdrawalMicros ? (
          <p className="ow-muted">{t('withdraw.nothingToWithdraw')}</p>
        ) : null}
        {form.refused ? (
          <p className="ow-problem" role="alert" data-testid="withdraw-error">
            {form.refused}
          </p>
        ) : null}
        {form.done ? (
          <p className="ow-done" role="status" data-testid="withdraw-done">
            {form.done}
          </p>
        ) : null}
        <button
          type="submit"
          className="ow-btn ow-btn-main"
          disabled={form.sending}
          data-testid="withdraw-submit"
        >
          {form.sending ? t('withdraw.submitting') : t('withdraw.submit')}
        </button>
      </form>
    </section>
  );
}
