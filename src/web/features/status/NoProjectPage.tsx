import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Asks the user to configure a project first, with a way to project management. */
export function NoProjectPage() {
  const { t } = useTranslation();
  return (
    <div className="gc-status-page">
      <Result
        status="info"
        title={t('status:noProject.title')}
        subTitle={t('status:noProject.subtitle')}
        extra={
          <Link to="/projectManagement">
            <Button type="primary">{t('status:noProject.action')}</Button>
          </Link>
        }
      />
    </div>
  );
}
