import { barPercent } from './raiseModel';

/** A meter of the pet (growth, bowl) as a filled bar. */
export function RaiseBar({
  value,
  max,
  label,
  testId,
}: {
  value: number;
  max: number;
  label: string;
  testId: string;
}) {
  return (
    <div
      className="gp-raise-bar"
      role="meter"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={max}
      data-testid={testId}
    >
      <span style={{ width: `${barPercent(value, max)}%` }} />
    </div>
  );
}
