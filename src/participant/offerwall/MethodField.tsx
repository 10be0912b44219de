import { WITHDRAWAL_METHODS, type WithdrawalMethod } from './offerwallTypes';
import { useOfferwallT } from './offerwallTexts';
import { FieldProblem } from './FieldProblem';
import type { FieldProblems } from './withdrawFields';

/** The withdrawal method, from the methods the offerwall pays out with. */
export function MethodField(props: {
  method: WithdrawalMethod;
  setMethod(method: WithdrawalMethod): void;
  problems: FieldProblems;
}) {
  const t = useOfferwallT();
  return (
    <label className="ow-field">
      <span>{t('withdraw.method')}</span>
      <select
        value={props.method}
        data-testid="withdraw-method"
        aria-invalid={props.problems.method ? true : undefined}
        onChange={(event) => props.setMethod(event.target.value as WithdrawalMethod)}
      >
        {WITHDRAWAL_METHODS.map((value) => (
          <option key={value} value={value}>
            {t(`withdraw.methods.${value}`)}
          </option>
        ))}
      </select>
      <FieldProblem field="method" problems={props.problems} />
    </label>
  );
}
