import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdStatus, WithdrawalStatus } from './adsTypes';

const colors: Record<AdStatus | WithdrawalStatus, string> = {
  normal: 'green',
  'under-review': 'gold',
  rejected: 'red',
  pending: 'gold',
  approved: 'green',
};

/** A review state as a tag: an ad plan's or campaign's or a withdrawal's. */
export function AdStatusTag({ status }: { status: AdStatus | WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colors[status]} data-testid="ads-status">
      {t(`ads:status.${status}`)}
    </Tag>
  );
}
