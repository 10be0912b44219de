import { Button, Space, Typography } from 'antd';
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BackButton } from '../../../app/BackButton';
import { projectPath } from '../../../app/routeTable';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { linkConfigPath, linkRoutes } from '../linkRoutes';
import type { LinkItem } from '../linkTypes';
import { useInvalidate } from '../useInvalidate';

/** The link report's head: back to the links, the link's name, refresh, and edit for editors. */
export function LinkReportHead({ id, link }: { id: string; link: LinkItem | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const { projectId } = useSession();
  return (
    <div className="gc-page-head">
      <Space align="center">
        <BackButton to={projectPath(linkRoutes.links, projectId)} label={t('links:back')} />
        <Typography.Title level={3}>{link?.name ?? t('menu:page.linkReport')}</Typography.Title>
      </Space>
      <Space>
        {/* Reports are cached like every query: new clicks show on request. */}
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void invalidate(`/api/links/${encodeURIComponent(id)}`)}
        >
          {t('analytics:refresh')}
        </Button>
        {canEdit && link && (
          <Button
            icon={<EditOutlined />}
            onClick={() => navigate(linkConfigPath(projectId, link.templateId, link.id))}
          >
            {t('common:edit')}
          </Button>
        )}
      </Space>
    </div>
  );
}
