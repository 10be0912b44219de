import type { UiLang } from '../i18n/texts';
import type { LedgerRow, Withdrawal } from './offerwallTypes';
import type { Money } from './money';
import { useOfferwallT } from './offerwallTexts';

interface Props {
  ledger: LedgerRow[];
  withdrawals: Withdrawal[];
  money: Money;
  lang: UiLang;
}

// The phone's own clock, with its zone named (GMT+8, EST, ...) like every time a participant reads.
function when(iso: string, lang: UiLang): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(lang, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      });
}

/** What moved the balance (latest first) and the withdrawals with their review status. */
export function HistoryLists({ ledger, withdrawals, money, lang }: Props) {
  const t = useOfferwallT();
  return (
    <section className="ow-card" aria-labelledby="ow-history">
      <h2 id="ow-history">{t('history.title')}</h2>
      <h3>{t('history.withdrawals')}</h3>
      {withdrawals.length === 0 ? (
        <p className="ow-empty" data-testid="withdrawals-empty">
          {t('history.emptyWithdrawals')}
        </p>
      ) : (
        <ul className="ow-rows">
          {withdrawals.map((row) => (
            <li key={row.id} className="ow-row" data-testid="withdrawal-row" data-status={row.status}>
              <div>
                <p>
                  {t(`withdraw.methods.${row.method}`)} · {row.account}
                </p>
                <p className="ow-muted">{when(row.createdAt, lang)}</p>
                {row.note ? <p className="ow-muted">{t('history.note', { note: row.note })}</p> : null}
              </div>
              <div className="ow-row-end">
                <p className="ow-amount">{money(row.amountMicros, row.currency)}</p>
                <span className={`ow-status ow-status-${row.status}`}>
                  {t(`history.status.${row.status}`)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('history.ledger')}</h3>
      {ledger.length === 0 ? (
        <p className="ow-empty" data-testid="ledger-empty">
          {t('history.emptyLedger')}
        </p>
      ) : (
        <ul className="ow-rows">
          {ledger.map((row) => (
            <li key={row.id} className="ow-row" data-testid="ledger-row" data-kind={row.kind}>
              <div>
                <p>{row.offerTitle ?? t(`history.kinds.${row.kind}`)}</p>
                <p className="ow-muted">
                  {row.offerTitle ? `${t(`history.kinds.${row.kind}`)} · ` : ''}
                  {when(row.createdAt, lang)}
                </p>
              </div>
              <p className={`ow-amount ${row.amountMicros < 0 ? 'ow-minus' : 'ow-plus'}`}>
                {row.amountMicros > 0 ? '+' : ''}
                {money(row.amountMicros, row.currency)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
