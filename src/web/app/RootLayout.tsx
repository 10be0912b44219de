import { useEffect, useMemo, useState } from 'react';
import { App, Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrOptions } from '../api/swrOptions';
import { ProjectsProvider } from '../features/projects/ProjectsProvider';
import { useDayjsLocale } from '../i18n/useDayjsLocale';
import type { StoredUser } from '../session/clientStore';
import { useSession } from '../session/useSession';
import { LanguageSwitch } from './LanguageSwitch';
import { PageBreadcrumb } from './PageBreadcrumb';
import { ProjectGate } from './ProjectGate';
import { ProjectSwitcher } from './ProjectSwitcher';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { setConsoleSettings } from '../forms/consoleSettings';

/**
 * The signed-in console: side menu, header (project switcher, language, user menu) and the page.
 * The page area is keyed by project: switching project remounts it on a fresh SWR cache and the
 * rebuilt request client, so nothing of the previous project survives.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { user, client, projectId, lng, updateUser } = useSession();
  useDayjsLocale(lng);
  const [collapsed, setCollapsed] = useState(false);
  const swr = useMemo(() => swrOptions(client), [client]);

  useEffect(() => {
    // Role or name may have changed since login; the stored copy is only a cache.
    if (!user) return;
    client
      .get<{ user: StoredUser; settings?: { privateCallbacks?: boolean } }>('/api/me', undefined, {
        silent: true,
      })
      .then((data) => {
        updateUser(data.user);
        setConsoleSettings(data.settings);
      })
      .catch(() => {});
    // Once per shell mount is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Whoever ends the session (logout, a 401) also navigates to /login; render nothing meanwhile.
  if (!user) return null;

  return (
    <App component={false}>
      <ProjectsProvider>
        <Layout className="gc-shell">
          <Layout.Sider
            width={240}
            collapsedWidth={72}
            collapsed={collapsed}
            theme="light"
            className="gc-sider"
            breakpoint="lg"
            onBreakpoint={setCollapsed}
          >
            <Link to="/" className="gc-brand" aria-label={t('common:appName')}>
              <img src="/favicon.svg" alt="" width={32} height={32} />
              {!collapsed && <span>{t('common:appName')}</span>}
            </Link>
            <SideMenu projectId={projectId} collapsed={collapsed} />
          </Layout.Sider>
          <Layout>
            <Layout.Header className="gc-header">
              <Button
                type="text"
                icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                onClick={() => setCollapsed(!collapsed)}
                aria-label={t(collapsed ? 'common:menu.expand' : 'common:menu.collapse')}
              />
              <PageBreadcrumb />
              <div className="gc-header-actions">
                <ProjectSwitcher />
                <LanguageSwitch />
                <UserMenu />
              </div>
            </Layout.Header>
            <Layout.Content className="gc-content">
              <SWRConfig key={projectId} value={swr}>
                <ProjectGate>
                  <Outlet key={projectId} />
                </ProjectGate>
              </SWRConfig>
            </Layout.Content>
          </Layout>
        </Layout>
      </ProjectsProvider>
    </App>
  );
}
