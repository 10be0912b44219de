import { useState } from 'react';
import { App, Button, Card, Space, Table, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { downloadCsv } from '../../../api/downloadCsv';
import { useSession } from '../../../session/useSession';
import type { LinkItem } from '../linkTypes';
import { useCanEdit } from '../../../app/useCanEdit';
import { useInvalidate } from '../useInvalidate';
import { useListPage } from '../useListPage';
import { linkColumns } from './linkColumns';
import { LinkFilters, type LinkFilterValues } from './LinkFilters';
import { NewLinkModal } from './NewLinkModal';

const PAGE_SIZE = 20;

/** Links (manageLink): filters, create from a template, edit, report, delete, CSV export. */
export function LinksPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client, projectId } = useSession();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [filters, setFilters] = useState<LinkFilterValues>({});
  const [page, setPage] = useState(1);
  const [choosing, setChoosing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { items, total, isLoading, error, mutate } = useListPage<LinkItem>('/api/links', {
    ...filters,
    page,
    pageSize: PAGE_SIZE,
  });

  async function remove(link: LinkItem) {
    try {
      await client.delete(`/api/links/${encodeURIComponent(link.id)}`);
      void message.success(t('common:deleted'));
      await Promise.all([mutate(), invalidate('/api/link-templates', '/api/tags')]);
    } catch {
      // Shown by the request client.
    }
  }

  async function exportCsv() {
    setExporting(true);
    try {
      // The export follows the list's filters; its range is the creation-date filter.
      await downloadCsv(client, '/api/links/export', {
        start_time: filters.from,
        end_time: filters.to,
        q: filters.q,
        tag: filters.tag,
        templateId: filters.templateId,
      });
      void message.success(t('links:exported'));
    } catch {
      // Shown by the request client.
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.links')}</Typography.Title>
          <Typography.Text type="secondary">{t('links:links.description')}</Typography.Text>
        </div>
        <Space>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv}>
            {t('links:export')}
          </Button>
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setChoosing(true)}>
              {t('links:links.add')}
            </Button>
          )}
        </Space>
      </div>
      <Card>
        <LinkFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        <Table<LinkItem>
          rowKey="id"
          loading={isLoading}
          dataSource={items}
          scroll={{ x: 1280 }}
          locale={{ emptyText: error ? t('links:loadFailed') : t('links:links.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={linkColumns({ t, projectId, canEdit, navigate, onDelete: remove })}
        />
      </Card>
      <NewLinkModal open={choosing} onClose={() => setChoosing(false)} />
    </div>
  );
}
