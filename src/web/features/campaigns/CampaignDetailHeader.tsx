import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CampaignRowActions } from './CampaignRowActions';
import { CampaignStatusTag } from './CampaignStatusTag';
import type { CampaignCommand } from './campaignCommands';
import type { CampaignSummary } from './campaignTypes';

interface Props {
  campaign: CampaignSummary;
  canEdit: boolean;
  onCommand(command: CampaignCommand, campaign: CampaignSummary): void;
}

/** Title, status and the campaign's actions above its detail. */
export function CampaignDetailHeader({ campaign, canEdit, onCommand }: Props) {
  const { t } = useTranslation();
  return (
    <div className="gc-page-head">
      <Space align="center" wrap>
        <Typography.Title level={3}>{campaign.title}</Typography.Title>
        <CampaignStatusTag status={campaign.status} campaign={campaign} />
      </Space>
      <Space wrap>
        <Button onClick={() => onCommand('report', campaign)}>{t('campaigns:command.report')}</Button>
        <CampaignRowActions campaign={campaign} canEdit={canEdit} onCommand={onCommand} />
      </Space>
    </div>
  );
}
