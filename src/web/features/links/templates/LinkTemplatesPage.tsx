import { useState } from 'react';
import { App, Button, Card, Input, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { useSession } from '../../../session/useSession';
import type { LinkTemplate } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { useListPage } from '../useListPage';
import { linkRoutes } from '../linkRoutes';
import { linkTemplateColumns } from './linkTemplateColumns';

const PAGE_SIZE = 20;

/** Link templates (templateMenage): list with the number of links, edit, new link, delete. */
export function LinkTemplatesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client, projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { items, total, isLoading, error, mutate } = useListPage<LinkTemplate>('/api/link-templates', {
    q,
    page,
    pageSize: PAGE_SIZE,
  });

  async function remove(template: LinkTemplate) {
    try {
      await client.delete(`/api/link-templates/${encodeURIComponent(template.id)}`);
      void message.success(t('common:deleted'));
      await mutate();
    } catch {
      // Shown by the request client (a template with links answers 409).
    }
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.linkTemplates')}</Typography.Title>
          <Typography.Text type="secondary">{t('links:templates.description')}</Typography.Text>
        </div>
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(projectPath(linkRoutes.templateConfig, projectId))}
          >
            {t('links:templates.add')}
          </Button>
        )}
      </div>
      <Card>
        <Input.Search
          allowClear
          placeholder={t('links:templates.search')}
          style={{ maxWidth: 320, marginBottom: 16 }}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Table<LinkTemplate>
          rowKey="id"
          loading={isLoading}
          dataSource={items}
          scroll={{ x: 900 }}
          locale={{ emptyText: error ? t('links:loadFailed') : t('links:templates.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={linkTemplateColumns({ t, projectId, canEdit, navigate, onDelete: remove })}
        />
      </Card>
    </div>
  );
}
