import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { linkRoutes } from '../linkRoutes';

/**
 * The editors' warning while a template or link would send no visitor anywhere (every visit
 * then gets the redirector's "no destination yet" page). A warning, not a refusal: the app's
 * store entries or the redirect settings may come later.
 */
export function NoDestinationAlert({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  const { projectId } = useSession();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="no-destination"
      title={title}
      description={description}
      action={
        <Link to={projectPath(linkRoutes.redirectSetting, projectId)}>{t('menu:page.redirectSetting')}</Link>
      }
    />
  );
}
