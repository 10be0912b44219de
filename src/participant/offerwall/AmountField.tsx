import type { Wall } from './offerwallTypes';
import { microsText } from './money';
import { useOfferwallT } from './offerwallTexts';
import { FieldProblem } from './FieldProblem';
import type { FieldProblems } from './withdrawFields';

/** The amount to withdraw as decimal text, with "All" to fill in the whole balance exactly. */
export function AmountField(props: {
  wall: Wall;
  amount: string;
  setAmount(amount: string): void;
  problems: FieldProblems;
}) {
  const t = useOfferwallT();
  const { wall, problems } = props;
  return (
    <label className="ow-field">
      <span>{t('withdraw.amount', { currency: wall.currency })}</span>
      <span className="ow-amount-row">
        <input
          value={props.amount}
          inputMode="decimal"
          autoComplete="off"
          placeholder={microsText(wall.minWithdrawalMicros)}
          data-testid="withdraw-amount"
          aria-invalid={problems.amount ? true : undefined}
          aria-describedby={problems.amount ? 'ow-amount-problem' : undefined}
          onChange={(event) => props.setAmount(event.target.value)}
        />
        <button
          type="button"
          className="ow-btn ow-btn-ghost ow-btn-small"
          data-testid="withdraw-all"
          disabled={wall.balanceMicros <= 0}
          onClick={() => props.setAmount(microsText(wall.balanceMicros))}
        >
          {t('withdraw.all')}
        </button>
      </span>
      <FieldProblem field="amount" problems={problems} />
    </label>
  );
}
