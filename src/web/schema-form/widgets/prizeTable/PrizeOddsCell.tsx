import type { ReactNode } from 'react';
import { Tooltip, Typography } from 'antd';
import { CellInput } from './CellInput';
import { asNumber, type Prize } from './prizeRows';

interface PrizeOddsCellProps {
  /** The row's own form element (see PrizeRowView). */
  formId: string;
  prize: Prize;
  /** The input's accessible name: "Odds 3". */
  label: string;
  /** The thank-you prize's share (the remainder), null when the others pass 100%. */
  thankShare: number | null;
  /** What the thank-you prize gets: "The thank-you prize receives the rest: 12.5%". */
  remainder: (share: number) => string;
  status: 'error' | undefined;
  error: ReactNode;
  locked: boolean;
  onPatch(patch: Partial<Prize>): void;
}

/** A prize row's odds: typed, or for the thank-you prize the remainder it gets. */
export function PrizeOddsCell(props: PrizeOddsCellProps) {
  const { formId, prize, label, thankShare, remainder, status, error, locked, onPatch } = props;
  return (
    <div role="cell">
      {prize.isThank ? (
        <Tooltip title={remainder(thankShare ?? 0)}>
          <Typography.Text data-testid="thank-share">
            {thankShare === null ? '—' : `${thankShare}%`}
          </Typography.Text>
        </Tooltip>
      ) : (
        <div className="gc-prize-box">
          <CellInput
            form={formId}
            aria-label={label}
            value={prize.odds}
            inputMode="decimal"
            status={status}
            disabled={locked}
            onCommit={(text) => onPatch({ odds: asNumber(text) })}
          />
        </div>
      )}
      {error}
    </div>
  );
}
