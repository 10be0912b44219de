import { useState } from 'react';
import { App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../formatTime';
import type { DownloadPage, DownloadPlatform } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { useInvalidate } from '../useInvalidate';
import { useListPage } from '../useListPage';
import { DownloadPageDrawer } from './DownloadPageDrawer';
import './downloadPages.css';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';

const PAGE_SIZE = 20;

/** Download landing pages (downloadPaege): list, editor with preview, delete. */
export function DownloadPagesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { items, total, isLoading, error, mutate } = useListPage<DownloadPage>('/api/download-pages', {
    q,
    page,
    pageSize: PAGE_SIZE,
  });
  const [editing, setEditing] = useState<DownloadPage | undefined>();
  const [open, setOpen] = useState(false);

  async function remove(row: DownloadPage) {
    try {
      await client.delete(`/api/download-pages/${encodeURIComponent(row.id)}`);
      void message.success(t('common:deleted'));
      await mutate();
    } catch {
      // Shown by the request client.
    }
  }

  function openEditor(row?: DownloadPage) {
    setEditing(row);
    setOpen(true);
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.downloadPages')}</Typography.Title>
          <Typography.Text type="secondary">{t('links:downloadPages.description')}</Typography.Text>
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openEditor()}>
            {t('links:downloadPages.add')}
          </Button>
        )}
      </div>
      <Card>
        <Input.Search
          allowClear
          placeholder={t('links:downloadPages.search')}
          style={{ maxWidth: 320, marginBottom: 16 }}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Table<DownloadPage>
          rowKey="id"
          loading={isLoading}
          dataSource={items}
          scroll={{ x: 1000 }}
          locale={{ emptyText: error ? t('links:loadFailed') : t('links:downloadPages.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            { title: t('links:downloadPages.name'), dataIndex: 'name' },
            {
              title: t('links:downloadPages.title'),
              key: 'title',
              render: (_value, row) => row.config.title,
            },
            {
              title: t('links:downloadPages.buttons'),
              key: 'buttons',
              render: (_value, row) => (
                <Space size={[4, 4]} wrap>
                  {row.config.buttons.map((button) => (
                    <Tag key={button.platform}>
                      {t(`links:downloadPages.platform.${button.platform satisfies DownloadPlatform}`)}
                    </Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: t('links:downloadPages.address'),
              dataIndex: 'url',
              render: (url: string) => (
                <Typography.Link href={url} target="_blank" rel="noreferrer" copyable ellipsis>
                  {url}
                </Typography.Link>
              ),
            },
            { title: t('links:field.updatedAt'), dataIndex: 'updatedAt', render: formatTime, width: 170 },
            {
              title: t('common:actions'),
              key: 'actions',
              fixed: 'right',
              width: 160,
              render: (_value, row) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => openEditor(row)}>
                    {t(canEdit ? 'common:edit' : 'links:view')}
                  </Button>
                  {canEdit && (
                    <ConfirmDeleteButton
                      title={t('links:downloadPages.deleteTitle')}
                      description={t('links:downloadPages.deleteConfirm', { name: row.name })}
                      onConfirm={() => remove(row)}
                    />
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <DownloadPageDrawer
        open={open}
        page={editing}
        readOnly={!canEdit}
        onClose={() => setOpen(false)}
        onSaved={(saved) => {
          void message.success(t(editing ? 'common:updated' : 'common:created'));
          // Stay in the editor with the saved page so its preview shows.
          setEditing(saved);
          void invalidate('/api/download-pages');
        }}
      />
    </div>
  );
}
