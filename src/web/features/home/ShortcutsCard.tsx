import { Card } from 'antd';
import {
  ApiOutlined,
  BarChartOutlined,
  GiftOutlined,
  LinkOutlined,
  MobileOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { projectPath } from '../../app/routeTable';
import { useSession } from '../../session/useSession';

const shortcuts = [
  { path: 'manageLink/:projectId', titleKey: 'menu:page.links', icon: <LinkOutlined /> },
  { path: 'campaignManagement/:projectId', titleKey: 'menu:page.campaigns', icon: <GiftOutlined /> },
  { path: 'turboBanner/:projectId', titleKey: 'menu:page.turboBanner', icon: <MobileOutlined /> },
  { path: 'overview/:projectId', titleKey: 'menu:page.overview', icon: <BarChartOutlined /> },
  { path: 'sdkIntegrate/:projectId', titleKey: 'menu:page.sdkIntegrate', icon: <ApiOutlined /> },
  { path: 'memberManagement', titleKey: 'menu:page.memberManagement', icon: <TeamOutlined /> },
];

/** Links to the most used pages of the current project. */
export function ShortcutsCard() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  return (
    <Card title={t('home:shortcuts.title')} className="gc-fill">
      <div className="gc-shortcuts">
        {shortcuts.map((shortcut) => (
          <Link key={shortcut.path} to={projectPath(shortcut.path, projectId)} className="gc-shortcut">
            <span className="gc-shortcut-icon">{shortcut.icon}</span>
            <span>{t(shortcut.titleKey)}</span>
          </Link>
        ))}
      </div>
    </Card>
  );
}
