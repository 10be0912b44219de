import { useState } from 'react';
import { App, Button, Card, Input, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import type { DownloadPage } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { useInvalidate } from '../useInvalidate';
import { useListPage } from '../useListPage';
import { DownloadPageDrawer } from './DownloadPageDrawer';
import { downloadPageColumns } from './downloadPageColumns';
import './downloadPages.css';

const PAGE_SIZE = 20;

/** Download landing pages (downloadPage): list, editor with preview, delete. */
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
          columns={downloadPageColumns({ t, canEdit, open: openEditor, remove })}
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
