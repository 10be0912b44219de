import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../app/routeTable';
import { useSession } from '../../session/useSession';
import { adsRoutes } from './adsPaths';
import type { AdsSettings } from './adsTypes';

/** Says that strategies serve nothing while the project's ads module is off, with the way to open it. */
export function ModuleOffAlert({ settings }: { settings: AdsSettings | undefined }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  if (!settings || settings.enabled) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="ads-module-off"
      title={t('ads:module.offNotice')}
      action={<Link to={projectPath(adsRoutes.config, projectId)}>{t('ads:module.openSettings')}</Link>}
    />
  );
}
