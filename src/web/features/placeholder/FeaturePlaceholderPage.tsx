import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import type { RouteHandle } from '../../app/createAppRouter';

/** A registered page whose feature is built by a later issue: its title and a plain notice, no data. */
export function FeaturePlaceholderPage() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const title = handle?.titleKey ? t(handle.titleKey) : '';
  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <Typography.Title level={3}>{title}</Typography.Title>
      </div>
      <Card>
        <Empty
          data-testid="not-available"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('common:notAvailable.title')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('common:notAvailable.description')}</Typography.Text>
            </>
          }
        />
      </Card>
    </div>
  );
}
