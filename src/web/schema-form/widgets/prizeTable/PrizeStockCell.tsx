import type { ReactNode } from 'react';
import { Checkbox, Typography } from 'antd';
import { CellInput } from './CellInput';
import { asNumber, type Prize } from './prizeRows';

interface PrizeStockCellProps {
  /** The row's own form element (see PrizeRowView). */
  formId: string;
  prize: Prize;
  /** The input's accessible name: "Stock 3". */
  label: string;
  unlimitedText: string;
  status: 'error' | undefined;
  error: ReactNode;
  locked: boolean;
  onPatch(patch: Partial<Prize>): void;
}

/** A prize row's stock: a number or unlimited; nothing for the thank-you prize. */
export function PrizeStockCell(props: PrizeStockCellProps) {
  const { formId, prize, label, unlimitedText, status, error, locked, onPatch } = props;
  return (
    <div role="cell">
      {prize.isThank ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <>
          <div className="gc-prize-box">
            <CellInput
              form={formId}
              aria-label={label}
              value={prize.stock}
              inputMode="numeric"
              status={status}
              disabled={locked || prize.unlimitedStock === true}
              onCommit={(text) => onPatch({ stock: asNumber(text) })}
            />
          </div>
          <Checkbox
            checked={prize.unlimitedStock === true}
            disabled={locked}
            onChange={(event) => onPatch({ unlimitedStock: event.target.checked })}
          >
            {unlimitedText}
          </Checkbox>
        </>
      )}
      {error}
    </div>
  );
}
