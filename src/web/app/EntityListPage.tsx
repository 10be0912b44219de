import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import useSWR, { type SWRConfiguration } from 'swr';
import { buildQuery, type QueryParams } from '../api/createRequestClient';
import { useSession } from '../session/useSession';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { useCanEdit } from './useCanEdit';

/** What a create/edit dialog of a list gets. */
export interface EntityFormProps<Row> {
  open: boolean;
  /** Undefined to create. */
  row?: Row;
  onClose(): void;
  onSaved(): void;
}

export interface EntityListPageProps<Row extends { id: string }> {
  title: ReactNode;
  description: ReactNode;
  createLabel: string;
  /** The list's API path (`{ items, total }` pages, `q` search); rows are deleted at `/:id`. */
  endpoint: string;
  /** Extra list query (`bank` for questions). */
  query?: QueryParams;
  columns: ColumnsType<Row>;
  searchPlaceholder: string;
  deleteTitle: string;
  deleteConfirm(row: Row): string;
  emptyText: string;
  loadFailedText: string;
  /** The create/edit dialog. */
  renderForm(props: EntityFormProps<Row>): ReactNode;
  /** More row actions before edit and delete (shown to viewers too). */
  rowActions?(row: Row): ReactNode;
  /** After a row was created, changed or deleted: refresh what else shows it. */
  onChanged?(): unknown;
  /** Above the table (e.g. a back link). */
  head?: ReactNode;
  /** SWR options of the list query (e.g. refetch on every visit). */
  swr?: SWRConfiguration;
  /** Minimum table width before it scrolls sideways. */
  scrollX?: number;
  testId?: string;
}

/**
 * A project list page: search by name, paging, create and edit in a dialog, confirmed delete.
 * Writes need edit permission on the project; viewers see the list only.
 */
export function EntityListPage<Row extends { id: string }>(props: EntityListPageProps<Row>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const [q, setQ] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [form, setForm] = useState<{ open: boolean; row?: Row }>({ open: false });
  const key = `${props.endpoint}${buildQuery({ ...props.query, q, ...paging })}`;
  const { data, error, isLoading, mutate } = useSWR<{ items: Row[]; total: number }>(key, props.swr);

  async function remove(row: Row) {
    try {
      await client.delete(`${props.endpoint}/${encodeURIComponent(row.id)}`);
      void message.success(t('common:deleted'));
      await Promise.all([mutate(), props.onChanged?.()]);
    } catch {
      // Shown by the request client.
    }
  }

  const columns: ColumnsType<Row> = [...props.columns];
  if (canEdit || props.rowActions)
    columns.push({
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: props.rowActions ? 200 : 150,
      render: (_value, row) => (
        <Space size={0} wrap>
          {props.rowActions?.(row)}
          {canEdit && (
            <Button type="link" size="small" onClick={() => setForm({ open: true, row })}>
              {t('common:edit')}
            </Button>
          )}
          {canEdit && (
            <ConfirmDeleteButton
              title={props.deleteTitle}
              description={props.deleteConfirm(row)}
              onConfirm={() => remove(row)}
            />
          )}
        </Space>
      ),
    });

  return (
    <div className="gc-page">
      {props.head}
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{props.title}</Typography.Title>
          <Typography.Text type="secondary">{props.description}</Typography.Text>
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
            {props.createLabel}
          </Button>
        )}
      </div>
      <Card>
        <Input.Search
          allowClear
          style={{ maxWidth: 320, marginBottom: 16 }}
          placeholder={props.searchPlaceholder}
          aria-label={props.searchPlaceholder}
          onSearch={(value) => {
            setQ(value.trim());
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
        <Table<Row>
          rowKey="id"
          data-testid={props.testId}
          loading={isLoading}
          dataSource={data?.items ?? []}
          columns={columns}
          scroll={props.scrollX ? { x: props.scrollX } : undefined}
          locale={{ emptyText: error ? props.loadFailedText : props.emptyText }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: (page, pageSize) => setPaging({ page, pageSize }),
          }}
        />
      </Card>
      {props.renderForm({
        open: form.open,
        row: form.row,
        onClose: () => setForm({ open: false }),
        onSaved: () => {
          void message.success(t(form.row ? 'common:updated' : 'common:created'));
          setForm({ open: false });
          void mutate();
          void props.onChanged?.();
        },
      })}
    </div>
  );
}
