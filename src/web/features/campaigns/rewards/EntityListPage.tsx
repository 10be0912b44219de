import { useState, type ReactNode } from 'react';
import { App, Button, Card, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery, type QueryParams } from '../../../api/createRequestClient';
import { useSession } from '../../../session/useSession';
import type { Page } from '../campaignTypes';
import { freshQuery } from '../freshQuery';
import { useCanEdit } from '../useCanEdit';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';

/** What a create/edit dialog of a list gets. */
export interface EntityFormProps<Row> {
  open: boolean;
  /** Undefined to create. */
  row?: Row;
  onClose(): void;
  onSaved(): void;
}

interface Props<Row extends { id: string; updatedAt: string }> {
  title: ReactNode;
  description: string;
  createLabel: string;
  /** `/api/prizes`, `/api/questions`, ... (DESIGN.md, Supporting lists). */
  endpoint: string;
  /** Extra list query (`bank` for questions). */
  query?: QueryParams;
  columns: ColumnsType<Row>;
  deleteTitle: string;
  deleteConfirm(row: Row): string;
  emptyText: string;
  loadFailedText: string;
  /** The create/edit dialog. */
  renderForm(props: EntityFormProps<Row>): ReactNode;
  /** More row actions before edit and delete. */
  rowActions?(row: Row): ReactNode;
  /** Above the table (e.g. a back link). */
  head?: ReactNode;
  testId?: string;
}

/**
 * A supporting list (prizes, questions, user types, callback addresses, forms): search by name,
 * paging, create and edit in a dialog, confirmed delete. Writes need edit permission.
 */
export function EntityListPage<Row extends { id: string; updatedAt: string }>(props: Props<Row>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const [q, setQ] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [form, setForm] = useState<{ open: boolean; row?: Row }>({ open: false });
  const key = `${props.endpoint}${buildQuery({ ...props.query, q, ...paging })}`;
  const { data, error, isLoading, mutate } = useSWR<Page<Row>>(key, freshQuery);

  async function remove(row: Row) {
    try {
      await client.delete(`${props.endpoint}/${encodeURIComponent(row.id)}`);
      void message.success(t('common:deleted'));
      await mutate();
    } catch {
      // Shown by the request client.
    }
  }

  const columns: ColumnsType<Row> = [
    ...props.columns,
    {
      title: t('rewards:common.updatedAt'),
      dataIndex: 'updatedAt',
      width: 150,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
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
    },
  ];

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
          placeholder={t('rewards:common.search')}
          aria-label={t('rewards:common.search')}
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
          scroll={{ x: 1000 }}
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
        },
      })}
    </div>
  );
}
