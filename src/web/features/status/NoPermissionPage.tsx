import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The page needs administrator authorisation. */
export function NoPermissionPage() {
  const { t } = useTranslation();
  return (
    <div className="gc-status-page" data-testid="no-permission">
      <Result
        status="403"
        title={t('status:noPermission.title')}
        subTitle={t('status:noPermission.subtitle')}
        extra={
          <Link to="/">
            <Button type="primary">{t('status:backHome')}</Button>
          </Link>
        }
      />
    </div>
  );
}
