import { useState } from 'react';
import { Input } from 'antd';
import { parseMoneyToMicros } from '../../../engine/ads/money';
import { microsToText } from './microsText';

interface Props {
  id?: string;
  /** Integer micros; null while the typed text is not an amount. */
  value?: number | null;
  onChange?(value: number | null): void;
  /** The currency code shown after the amount. */
  currency: string;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * An amount typed in currency units ("1.25") and kept as integer micros in the form: the text is
 * the input's own, the form only ever holds micros (or null for text that is no amount, which the
 * field's rule refuses).
 */
export function MoneyInput({ id, value, onChange, currency, disabled, ...rest }: Props) {
  const [text, setText] = useState(() => (typeof value === 'number' ? microsToText(value) : ''));
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // A value from outside (a reset, the saved settings) replaces the text unless it is the same amount.
    setSeen(value);
    if (typeof value === 'number' && parseMoneyToMicros(text) !== value) setText(microsToText(value));
  }
  return (
    <Input
      id={id}
      inputMode="decimal"
      value={text}
      disabled={disabled}
      suffix={currency}
      data-testid={rest['data-testid']}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        onChange?.(next.trim() === '' ? null : parseMoneyToMicros(next.trim()));
      }}
    />
  );
}
