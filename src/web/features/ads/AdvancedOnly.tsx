import type { ReactElement } from 'react';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Whether the caller is an advanced ads user; undefined while that is not known yet. */
  advanced: boolean | undefined;
  /** The control, already disabled by the caller when `advanced` is not true. */
  children: ReactElement;
}

/**
 * Wraps an advanced-only control: for users who are not advanced it explains why the
 * control is disabled. The span lets the tooltip show over a disabled button.
 */
export function AdvancedOnly({ advanced, children }: Props) {
  const { t } = useTranslation();
  if (advanced !== false) return children;
  return (
    <Tooltip title={t('ads:advanced.required')}>
      <span data-testid="ads-advanced-required">{children}</span>
    </Tooltip>
  );
}
