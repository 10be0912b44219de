import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignStatus } from './campaignTypes';

const colours: Record<CampaignStatus, string> = {
  draft: 'default',
  prereleased: 'cyan',
  scheduled: 'blue',
  running: 'green',
  ended: 'default',
  offline: 'red',
};

/** A campaign's shown status as a coloured tag. */
export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[status] ?? 'default'} data-testid="campaign-status">
      {t(`campaigns:status.${status}`)}
    </Tag>
  );
}
