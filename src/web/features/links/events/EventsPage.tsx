import { useState } from 'react';
import { App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import { SchemaFormModal } from '../../../schema-form/SchemaFormModal';
import { formatTime } from '../formatTime';
import type { EventItem } from '../linkTypes';
import { useCanEdit } from '../useCanEdit';
import { useInvalidate } from '../useInvalidate';
import { useListPage } from '../useListPage';
import { ConfirmDeleteButton } from '../../../app/ConfirmDeleteButton';

const PAGE_SIZE = 20;

interface EventConfig {
  h5Url?: string;
  params?: Array<{ key: string; value: string }>;
  languageParams?: Record<string, string>;
}

/** Event definitions (manageEvent): key, name, H5 event URL, extra and language parameters. */
export function EventsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const invalidate = useInvalidate();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { items, total, isLoading, error, mutate } = useListPage<EventItem>('/api/events', {
    q,
    page,
    pageSize: PAGE_SIZE,
  });
  const [editing, setEditing] = useState<EventItem | undefined>();
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);

  function openForm(row?: EventItem) {
    setEditing(row);
    setFormKey((key) => key + 1);
    setOpen(true);
  }

  async function save(config: Record<string, unknown>) {
    if (editing) await client.put(`/api/events/${encodeURIComponent(editing.id)}`, config);
    else await client.post('/api/events', config);
  }

  async function remove(row: EventItem) {
    try {
      await client.delete(`/api/events/${encodeURIComponent(row.id)}`);
      void message.success(t('common:deleted'));
      await mutate();
    } catch {
      // Shown by the request client.
    }
  }

  const configOf = (row: EventItem) => row.config as EventConfig;

  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.events')}</Typography.Title>
          <Typography.Text type="secondary">{t('links:eventDefs.description')}</Typography.Text>
        </div>
        {canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm()}>
            {t('links:eventDefs.add')}
          </Button>
        )}
      </div>
      <Card>
        <Input.Search
          allowClear
          placeholder={t('links:eventDefs.search')}
          style={{ maxWidth: 320, marginBottom: 16 }}
          onSearch={(value) => {
            setQ(value.trim());
            setPage(1);
          }}
        />
        <Table<EventItem>
          rowKey="id"
          loading={isLoading}
          dataSource={items}
          scroll={{ x: 1000 }}
          locale={{ emptyText: error ? t('links:loadFailed') : t('links:eventDefs.empty') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: t('links:eventDefs.key'),
              dataIndex: 'key',
              render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
            },
            { title: t('links:eventDefs.name'), dataIndex: 'name' },
            {
              title: t('links:eventDefs.h5Url'),
              key: 'h5Url',
              render: (_value, row) =>
                configOf(row).h5Url ? (
                  <Typography.Text copyable ellipsis style={{ maxWidth: 240 }}>
                    {configOf(row).h5Url}
                  </Typography.Text>
                ) : (
                  '-'
                ),
            },
            {
              title: t('links:eventDefs.params'),
              key: 'params',
              render: (_value, row) => {
                const params = configOf(row).params ?? [];
                return params.length > 0 ? (
                  <Space size={[4, 4]} wrap>
                    {params.map((param) => (
                      <Tag key={param.key}>
                        {param.key}={param.value}
                      </Tag>
                    ))}
                  </Space>
                ) : (
                  '-'
                );
              },
            },
            {
              title: t('links:eventDefs.languages'),
              key: 'languageParams',
              render: (_value, row) => {
                const languages = Object.keys(configOf(row).languageParams ?? {});
                return languages.length > 0 ? (
                  <Space size={[4, 4]} wrap>
                    {languages.map((lang) => (
                      <Tag key={lang}>{lang}</Tag>
                    ))}
                  </Space>
                ) : (
                  '-'
                );
              },
            },
            { title: t('links:field.createdAt'), dataIndex: 'createdAt', render: formatTime, width: 170 },
            ...(canEdit
              ? [
                  {
                    title: t('common:actions'),
                    key: 'actions',
                    fixed: 'right' as const,
                    width: 150,
                    render: (_value: unknown, row: EventItem) => (
                      <Space size={0}>
                        <Button type="link" size="small" onClick={() => openForm(row)}>
                          {t('common:edit')}
                        </Button>
                        <ConfirmDeleteButton
                          title={t('links:eventDefs.deleteTitle')}
                          description={t('links:eventDefs.deleteConfirm', { name: row.name })}
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
      <SchemaFormModal
        open={open}
        title={t(editing ? 'links:eventDefs.edit' : 'links:eventDefs.add')}
        entity="event"
        formKey={`${editing?.id ?? 'new'}-${formKey}`}
        initialData={editing?.config}
        save={save}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void message.success(t(editing ? 'common:updated' : 'common:created'));
          void invalidate('/api/events');
        }}
      />
    </div>
  );
}
