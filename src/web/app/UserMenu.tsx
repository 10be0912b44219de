import { Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, LogoutOutlined, ProjectOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { browserStore } from '../session/browserStore';
import { notifier } from '../session/notifier';
import { useSession } from '../session/useSession';

/** Header user dropdown: personal centre, project and member management (not in the menu), logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, client, signOut } = useSession();

  async function logout() {
    try {
      await client.post('/api/auth/logout', {}, { silent: true });
      notifier.success(t('accounts:logout.success'));
    } catch {
      // The local session is dropped either way; an expired token cannot be revoked twice.
    }
    // Storage first, so /login does not bounce a still-signed-in user back; the React state after
    // the navigation, so the layout does not redirect on its own with a ?redirect= back here.
    browserStore.clearSession();
    await navigate('/login', { replace: true });
    signOut();
  }

  const items: MenuProps['items'] = [
    { key: 'personalCenter', icon: <UserOutlined />, label: t('menu:page.personalCenter') },
    { key: 'projectManagement', icon: <ProjectOutlined />, label: t('menu:page.projectManagement') },
    { key: 'memberManagement', icon: <TeamOutlined />, label: t('menu:page.memberManagement') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('accounts:logout.action'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void logout();
    else navigate(`/${key}`);
  };

  const name = user?.name || user?.email || '';
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button
        type="button"
        className="gc-user-button"
        data-testid="user-menu"
        aria-label={t('common:userMenu')}
      >
        <Avatar size={32} className="gc-avatar">
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="gc-user-text">
          <span className="gc-user-name">{name}</span>
          <span className="gc-user-role">{user ? t(`common:role.${user.role}`) : ''}</span>
        </span>
        <DownOutlined className="gc-user-caret" />
      </button>
    </Dropdown>
  );
}
