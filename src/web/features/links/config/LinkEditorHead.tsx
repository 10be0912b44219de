import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BackButton } from '../../../app/BackButton';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import { linkRoutes } from '../linkRoutes';
import type { LinkItem } from '../linkTypes';

interface LinkEditorHeadProps {
  /** The saved link, or undefined for a new one. */
  link?: LinkItem;
  canEdit: boolean;
  busy: boolean;
  onSave(): void;
}

/** The link editor's head: back to the list, the link's name and copyable URL, cancel and save. */
export function LinkEditorHead({ link, canEdit, busy, onSave }: LinkEditorHeadProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId } = useSession();
  const listPath = projectPath(linkRoutes.links, projectId);
  return (
    <div className="gc-page-head">
      <Space align="center">
        <BackButton to={listPath} label={t('links:back')} />
        <div>
          <Typography.Title level={3}>{link ? link.name : t('links:links.add')}</Typography.Title>
          {link && <Typography.Text copyable>{link.url}</Typography.Text>}
        </div>
      </Space>
      {canEdit && (
        <Space>
          <Button onClick={() => navigate(listPath)}>{t('common:cancel')}</Button>
          <Button type="primary" loading={busy} onClick={onSave}>
            {t('common:save')}
          </Button>
        </Space>
      )}
    </div>
  );
}
