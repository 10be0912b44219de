import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EntityListPage } from '../../../app/EntityListPage';
import { SchemaFormModal } from '../../../schema-form/SchemaFormModal';
import { useSession } from '../../../session/useSession';
import { formatTime } from '../formatTime';
import type { EventItem } from '../linkTypes';
import { useInvalidate } from '../useInvalidate';

interface EventConfig {
  h5Url?: string;
  params?: Array<{ key: string; value: string }>;
  languageParams?: Record<string, string>;
}

const configOf = (row: EventItem) => row.config as EventConfig;

/** Event definitions (manageEvent): key, name, H5 event URL, extra and language parameters. */
export function EventsPage() {
  const { t } = useTranslation();
  const { client } = useSession();
  const invalidate = useInvalidate();
  return (
    <EntityListPage<EventItem>
      title={t('menu:page.events')}
      description={t('links:eventDefs.description')}
      createLabel={t('links:eventDefs.add')}
      endpoint="/api/events"
      searchPlaceholder={t('links:eventDefs.search')}
      emptyText={t('links:eventDefs.empty')}
      loadFailedText={t('links:loadFailed')}
      deleteTitle={t('links:eventDefs.deleteTitle')}
      deleteConfirm={(row) => t('links:eventDefs.deleteConfirm', { name: row.name })}
      onChanged={() => invalidate('/api/events')}
      scrollX={1000}
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
      ]}
      renderForm={({ open, row, onClose, onSaved }) => (
        <SchemaFormModal
          open={open}
          title={t(row ? 'links:eventDefs.edit' : 'links:eventDefs.add')}
          entity="event"
          formKey={row?.id ?? 'new'}
          initialData={row?.config}
          save={async (config) => {
            if (row) await client.put(`/api/events/${encodeURIComponent(row.id)}`, config);
            else await client.post('/api/events', config);
          }}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    />
  );
}
