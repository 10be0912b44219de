import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CampaignDetail } from './campaignTypes';
import { formatCampaignTime } from './formatCampaignTime';
import { languageName } from './languageName';
import { absoluteUrl } from './participantUrl';

interface Props {
  campaign: CampaignDetail;
  typeName: string;
  templateName: string | null;
}

/** What the campaign is: type, goal, time, languages, link and bookkeeping. */
export function CampaignSummaryCard({ campaign, typeName, templateName }: Props) {
  const { t, i18n } = useTranslation();
  const config = campaign.config ?? {};
  const languages = Array.isArray(config.languages) ? (config.languages as string[]) : [];
  const defaultLanguage = typeof config.defaultLanguage === 'string' ? config.defaultLanguage : null;
  const link = absoluteUrl(campaign.link);
  return (
    <Card title={t('campaigns:detail.summary')}>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label={t('campaigns:detail.id')}>
          <Typography.Text copyable>{campaign.id}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item
          label={t(campaign.kind === 'sub-activity' ? 'campaigns:field.subType' : 'campaigns:field.type')}
        >
          {typeName}
          {templateName && <Typography.Text type="secondary"> · {templateName}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.area')}>
          {t(`campaigns:area.${campaign.area}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.goal')}>
          {campaign.goal ? t(`campaigns:goal.${campaign.goal}`, { defaultValue: campaign.goal }) : '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.start')}>
          {formatCampaignTime(campaign.startTime, campaign.timezone)}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.end')}>
          {formatCampaignTime(campaign.endTime, campaign.timezone)}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.timezone')}>
          {campaign.timezone ?? '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:field.onlineAt')}>
          {formatCampaignTime(campaign.onlineAt, campaign.timezone)}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.languages')} span={2}>
          <Space size={[4, 4]} wrap>
            {languages.map((code) => (
              <Tag key={code} color={code === defaultLanguage ? 'purple' : undefined}>
                {languageName(code, i18n.language)}
                {code === defaultLanguage && ` · ${t('campaigns:detail.default')}`}
              </Tag>
            ))}
            {languages.length === 0 && '-'}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.link')} span={2}>
          <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
            {link}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.downloadPage')}>
          {campaign.downloadPageId ?? t('campaigns:downloadPage.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:detail.created')}>
          {dayjs(campaign.createdAt).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
        <Descriptions.Item label={t('campaigns:field.updatedAt')}>
          {dayjs(campaign.updatedAt).format('YYYY-MM-DD HH:mm')}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
