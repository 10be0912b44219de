import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router-dom';
import type { RouteHandle } from './createAppRouter';
import { useDocumentTitle } from './useDocumentTitle';

/** Home / group / page, from the matched route's handle. */
export function PageBreadcrumb() {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  useDocumentTitle(handle?.titleKey ? t(handle.titleKey) : t('menu:page.home'));
  const items = [{ title: <Link to="/">{t('menu:page.home')}</Link> }];
  if (handle?.group) items.push({ title: <>{t(`menu:group.${handle.group}`)}</> });
  if (handle?.titleKey) items.push({ title: <>{t(handle.titleKey)}</> });
  return <Breadcrumb className="gc-breadcrumb" items={items} />;
}
