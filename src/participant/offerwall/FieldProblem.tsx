import type { FieldProblems, WithdrawField } from './withdrawFields';

/** The problem under a field of the withdrawal form, when it has one. */
export function FieldProblem({ field, problems }: { field: WithdrawField; problems: FieldProblems }) {
  return problems[field] ? (
    <p className="ow-problem" id={`ow-${field}-problem`} data-testid={`withdraw-${field}-problem`}>
      {problems[field]}
    </p>
  ) : null;
}
