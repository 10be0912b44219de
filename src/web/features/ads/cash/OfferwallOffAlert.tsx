import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { adsRoutes } from '../adsPaths';
import { useAdsSettings } from '../useAdsSettings';

/** Says that participants cannot reach the offerwall while it (or the ads module) is off. */
export function OfferwallOffAlert() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const { settings } = useAdsSettings();
  if (!settings || (settings.enabled && settings.offerwallEnabled)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="ads-offerwall-off"
      title={t('ads:users.offerwallOff')}
      action={<Link to={projectPath(adsRoutes.config, projectId)}>{t('ads:module.openSettings')}</Link>}
    />
  );
}
