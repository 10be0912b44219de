import { Alert, Card, Descriptions, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../formatTime';
import type { LinkItem } from '../linkTypes';

interface LinkSummaryCardProps {
  link: LinkItem | undefined;
  loading: boolean;
  /** The link could not be read: says it is not found instead. */
  failed: boolean;
}

/** Above a link's report: its URL (copyable), link id, template and creation time. */
export function LinkSummaryCard({ link, loading, failed }: LinkSummaryCardProps) {
  const { t } = useTranslation();
  if (failed) return <Alert type="error" showIcon title={t('links:report.notFound')} />;
  return (
    <Card size="small">
      <Spin spinning={loading}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            {
              key: 'url',
              label: t('links:links.url'),
              children: link ? (
                <Typography.Text copyable data-testid="link-url">
                  {link.url}
                </Typography.Text>
              ) : (
                '-'
              ),
            },
            { key: 'linkId', label: t('links:links.linkId'), children: link?.linkId ?? '-' },
            { key: 'template', label: t('links:links.template'), children: link?.templateName ?? '-' },
            { key: 'created', label: t('links:field.createdAt'), children: formatTime(link?.createdAt) },
          ]}
        />
      </Spin>
    </Card>
  );
}
