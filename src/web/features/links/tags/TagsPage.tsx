import { useState } from 'react';
import { App, Button, Card, Input, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../formatTime';
import type { TagItem } from '../linkTypes';
import { useCanEdit } from '../useCanEdit';
import { useInvalidate } from '../useInvalidate';
import { useListPage } from '../useListPage';
import { TagFormModal } from './TagFormModal';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';

const PAGE_SIZE = 20;

/** Tags of the project (manageTag): list, search, add, rename, delete. */
export function TagsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { items, total, isLoading, error, mutate } = useListPage<TagItem>('/api/tags', {
    q,
    page,
    pageSize: PAGE_SIZE,
  });
  const [editing, setEditing] = useState<TagItem | undefined>();
  const [open, setOpen] = useState(false);

  async function remove(tag: TagItem) {
    try {
      await client.delete(`/api/tags/${encodeURIComponent(tag.id)}`);
      void message.success(t('common:deleted'));
      // Deleting a tag removes it from its links.
      await Promise.all([mutate(), invalidate('/api/links')]);
    } catch {
      // Shown by the request client.
    }
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.tags')}</Typography.Title>
          <Typography.Text type="secondary">{t('links:tags.description')}</Typography.Text>
        </div>
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(undefined);
              setOpen(true);
            }}
          >
            {t('links:tags.add')}
          </Button>
        )}
      </div>
      <Card>
        <Input.Search
          allowClear
          placeholder={t('links:tags.search')}
          style={{ maxWidth: 320, marginBottom: 16 }}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Table<TagItem>
          rowKey="id"
          loading={isLoading}
          dataSource={items}
          locale={{ emptyText: error ? t('links:loadFailed') : t('links:tags.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            { title: t('links:tags.name'), dataIndex: 'name' },
            {
              title: t('links:tags.linkCount'),
              dataIndex: 'linkCount',
              align: 'right',
              width: 140,
              render: (count: number) => formatNumber(count),
            },
            { title: t('links:field.createdAt'), dataIndex: 'createdAt', render: formatTime, width: 200 },
            ...(canEdit
              ? [
                  {
                    title: t('common:actions'),
                    key: 'actions',
                    width: 160,
                    render: (_: unknown, row: TagItem) => (
                      <Space>
                        <Button
                          type="link"
                          size="small"
                          onClick={() => {
                            setEditing(row);
                            setOpen(true);
                          }}
                        >
                          {t('common:edit')}
                        </Button>
                        <ConfirmDeleteButton
                          title={t('links:tags.deleteTitle')}
                          description={t('links:tags.deleteConfirm', { name: row.name })}
                          onConfirm={() => remove(row)}
                        />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <TagFormModal
        open={open}
        tag={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void message.success(t(editing ? 'common:updated' : 'common:created'));
          // A rename shows on the links and in every tag picker.
          void invalidate('/api/tags', '/api/links');
        }}
      />
    </div>
  );
}
