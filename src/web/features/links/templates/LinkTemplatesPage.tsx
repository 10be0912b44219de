import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { projectPath } from '../../../app/routeTable';
import { formatNumber } from '../../../charts/formatNumber';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../formatTime';
import type { LinkTemplate } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { useListPage } from '../useListPage';
import { templatePlatforms } from './templatePlatforms';
import { linkConfigPath, linkRoutes } from '../linkRoutes';
import { NoDestinationTag } from '../noDestination/NoDestinationTag';

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
          columns={[
            {
              title: t('links:templates.name'),
              dataIndex: 'name',
              render: (name: string, row) => (
                <Link
                  to={`${projectPath(linkRoutes.templateConfig, projectId)}?id=${encodeURIComponent(row.id)}`}
                >
                  {name}
                </Link>
              ),
            },
            {
              title: t('links:templates.id'),
              dataIndex: 'id',
              render: (id: string) => <Typography.Text copyable>{id}</Typography.Text>,
            },
            {
              title: t('links:templates.platforms'),
              key: 'platforms',
              render: (_value, row) => {
                const platforms = templatePlatforms(row.config);
                return platforms.length > 0 || !row.hasDestination ? (
                  <Space size={[4, 4]} wrap>
                    {platforms.map((platform) => (
                      <Tag key={platform}>{t(`links:templates.platform.${platform}`)}</Tag>
                    ))}
                    {!row.hasDestination && <NoDestinationTag />}
                  </Space>
                ) : (
                  '-'
                );
              },
            },
            {
              title: t('links:templates.linkCount'),
              dataIndex: 'linkCount',
              align: 'right',
              width: 140,
              render: (count: number) => formatNumber(count),
            },
            { title: t('links:field.createdAt'), dataIndex: 'createdAt', render: formatTime, width: 180 },
            {
              title: t('common:actions'),
              key: 'actions',
              fixed: 'right',
              width: 260,
              render: (_value, row) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      navigate(
                        `${projectPath(linkRoutes.templateConfig, projectId)}?id=${encodeURIComponent(row.id)}`,
                      )
                    }
                  >
                    {t(canEdit ? 'common:edit' : 'links:view')}
                  </Button>
                  {canEdit && (
                    <Button
                      type="link"
                      size="small"
                      onClick={() => navigate(linkConfigPath(projectId, row.id))}
                    >
                      {t('links:templates.newLink')}
                    </Button>
                  )}
                  {canEdit && (
                    <Tooltip title={row.linkCount > 0 ? t('links:templates.inUse') : undefined}>
                      <Popconfirm
                        title={t('links:templates.deleteTitle')}
                        description={t('links:templates.deleteConfirm', { name: row.name })}
                        okText={t('common:delete')}
                        cancelText={t('common:cancel')}
                        okButtonProps={{ danger: true }}
                        disabled={row.linkCount > 0}
                        onConfirm={() => remove(row)}
                      >
                        <Button type="link" size="small" danger disabled={row.linkCount > 0}>
                          {t('common:delete')}
                        </Button>
                      </Popconfirm>
                    </Tooltip>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
