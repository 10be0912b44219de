import { useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  DollarOutlined,
  HomeOutlined,
  MobileOutlined,
  RiseOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router-dom';
import type { RouteHandle } from './createAppRouter';
import { featureRoutes, menuGroups, projectPath, type MenuGroup } from './routeTable';

const groupIcons: Record<MenuGroup, React.ReactNode> = {
  basic: <AppstoreOutlined />,
  reach: <ShareAltOutlined />,
  userGrowth: <RiseOutlined />,
  webtoApp: <MobileOutlined />,
  moads: <DollarOutlined />,
  analysis: <BarChartOutlined />,
  integration: <ApiOutlined />,
};

/** The side menu: home plus the menu groups of routeTable; hidden sub-pages select their list page. */
export function SideMenu({ projectId, collapsed }: { projectId: string; collapsed: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;

  const items = useMemo<MenuProps['items']>(
    () => [
      { key: 'home', icon: <HomeOutlined />, label: <Link to="/">{t('menu:page.home')}</Link> },
      ...menuGroups.map((group) => ({
        key: group,
        icon: groupIcons[group],
        label: t(`menu:group.${group}`),
        children: featureRoutes
          .filter((route) => route.group === group && route.menu)
          .map((route) => ({
            key: route.path,
            label: <Link to={projectPath(route.path, projectId)}>{t(route.titleKey)}</Link>,
          })),
      })),
    ],
    [t, projectId],
  );

  const selected = location.pathname === '/' ? 'home' : (handle?.listPath ?? '');
  const group = handle?.group;
  const [openKeys, setOpenKeys] = useState<string[]>(group ? [group] : []);
  const [shownGroup, setShownGroup] = useState(group);
  // Opening another page (from a shortcut, a link, the back button) opens its group as well.
  if (group !== shownGroup) {
    setShownGroup(group);
    if (group && !openKeys.includes(group)) setOpenKeys([...openKeys, group]);
  }

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={[selected]}
      // A collapsed menu shows groups as pop-ups, which must stay closed until hovered.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      aria-label={t('menu:label')}
      className="gc-side-menu"
    />
  );
}
