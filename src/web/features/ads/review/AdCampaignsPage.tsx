import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SchemaEntry } from '../../../schema-form/schemaEntry';
import { useLanguageLabel } from '../../turbo/useLanguageLabel';
import { withFieldUi } from '../../turbo/withFieldUi';
import type { AdCampaignRow } from '../adsTypes';
import { PlanPickerWidget } from './PlanPickerWidget';
import { ReviewedListPage } from './ReviewedListPage';

// Module level: a stable function keeps the editor's entry memoised.
const withPlanPicker = (entry: SchemaEntry) =>
  withFieldUi(entry, { planId: { 'ui:widget': PlanPickerWidget } });

/** Ad campaigns (adCampaigns): each campaign's plan, landing page and languages, with its review. */
export function AdCampaignsPage() {
  const { t } = useTranslation();
  const languageLabel = useLanguageLabel();

  const columns: ColumnsType<AdCampaignRow> = [
    {
      title: t('ads:campaigns.plan'),
      key: 'plan',
      width: 160,
      render: (_v, row) => row.planName ?? <Typography.Text type="secondary">{row.planId}</Typography.Text>,
    },
    {
      title: t('ads:campaigns.landingUrl'),
      key: 'landingUrl',
      width: 240,
      render: (_v, row) =>
        typeof row.config.landingUrl === 'string' ? (
          <Typography.Text copyable={{ text: row.config.landingUrl }} ellipsis style={{ maxWidth: 220 }}>
            {row.config.landingUrl}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: t('ads:campaigns.languages'),
      key: 'languages',
      width: 180,
      render: (_v, row) => {
        const languages = Array.isArray(row.config.languages) ? row.config.languages.map(String) : [];
        return languages.length > 0 ? (
          <Space size={[4, 4]} wrap>
            {languages.map((language) => (
              <Tag key={language}>{languageLabel(language)}</Tag>
            ))}
          </Space>
        ) : (
          '-'
        );
      },
    },
  ];

  return (
    <ReviewedListPage<AdCampaignRow>
      kind="campaigns"
      entity="ad-campaign"
      columns={columns}
      adjust={withPlanPicker}
      scrollX={1500}
    />
  );
}
