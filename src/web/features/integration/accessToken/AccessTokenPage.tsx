import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectPermission } from '../../../app/useProjectPermission';
import { AccessKeyCard } from './AccessKeyCard';
import { ApiSecretCard } from './ApiSecretCard';
import { DevConfigCard } from './DevConfigCard';
import { RequestLogsCard } from './RequestLogsCard';
import '../integration.css';

/** Access key and developer settings: token callback, IP whitelist and API request logs. */
export function AccessTokenPage() {
  const { t } = useTranslation();
  const permission = useProjectPermission();
  const canManage = permission === 'manage';
  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.accessToken')}</Typography.Title>
          <Typography.Text type="secondary">{t('integration:accessKey.description')}</Typography.Text>
        </div>
      </div>
      <AccessKeyCard canEdit={permission === 'edit' || canManage} />
      {canManage && <ApiSecretCard />}
      <DevConfigCard canManage={canManage} />
      <RequestLogsCard />
    </div>
  );
}
