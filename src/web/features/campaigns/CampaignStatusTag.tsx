import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { browserTimezone } from '../../schema-form/widgets/gmtTime';
import type { CampaignStatus, CampaignSummary } from './campaignTypes';
import { formatCampaignTime } from './formatCampaignTime';
import { scheduledStart } from './scheduledStart';
import './campaigns.css';

const colours: Record<CampaignStatus, string> = {
  draft: 'default',
  prereleased: 'cyan',
  scheduled: 'blue',
  running: 'green',
  ended: 'default',
  offline: 'red',
};

interface Props {
  status: CampaignStatus;
  /** With the campaign's times, a scheduled campaign also says when it starts. */
  campaign?: Pick<CampaignSummary, 'startTime' | 'onlineAt' | 'timezone'>;
}

/** A campaign's shown status as a coloured tag; a campaign waiting for its start says when. */
export function CampaignStatusTag({ status, campaign }: Props) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={colours[status] ?? 'default'} data-testid="campaign-status">
      {t(`campaigns:status.${status}`)}
    </Tag>
  );
  const starts = campaign ? scheduledStart({ ...campaign, status }) : null;
  if (!campaign || !starts) return tag;
  // Shown in the campaign's own time zone (the browser's when it has none), which is named.
  const text = t('campaigns:status.startsAt', {
    time: formatCampaignTime(starts, campaign.timezone),
    timezone: campaign.timezone || browserTimezone(),
  });
  return (
    <span className="gc-status-starts">
      <Tooltip title={text}>{tag}</Tooltip>
      <Typography.Text type="secondary" data-testid="campaign-starts">
        {text}
      </Typography.Text>
    </span>
  );
}
