import { useState } from 'react';
import { App, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { BLOCK_KINDS, type BlockKind } from '../../../engine/risk/checkBlockValue';
import { buildQuery } from '../../api/createRequestClient';
import { ConfirmDeleteButton } from '../../app/ConfirmDeleteButton';
import { useSession } from '../../session/useSession';
import { formatTime } from '../links/formatTime';
import type { ListPage } from '../integration/integrationTypes';
import type { BlockEntry } from './riskTypes';

const KIND_COLORS: Record<BlockKind, string> = { user: 'blue', device: 'purple', address: 'orange' };

interface Props {
  canEdit: boolean;
  /** After an entry was removed: refresh what else shows it. */
  onChanged(): unknown;
}

/** The blocklist: narrowed by kind and text, paged by the server, each entry removable after a confirmation. */
export function BlocklistTable({ canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [kind, setKind] = useState<BlockKind | 'all'>('all');
  const [q, setQ] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const { data, error, isLoading } = useSWR<ListPage<BlockEntry>>(
    `/api/risk/blocklist${buildQuery({ kind: kind === 'all' ? undefined : kind, q, ...paging })}`,
  );

  async function remove(entry: BlockEntry) {
    try {
      await client.delete(`/api/risk/blocklist/${encodeURIComponent(entry.id)}`);
      void message.success(t('common:deleted'));
      await onChanged();
    } catch {
      // Shown by the request client.
    }
  }

  const columns: ColumnsType<BlockEntry> = [
    {
      title: t('risk:form.kind'),
      dataIndex: 'kind',
      width: 120,
      render: (value: BlockKind) => <Tag color={KIND_COLORS[value]}>{t(`risk:kind.${value}`)}</Tag>,
    },
    {
      title: t('risk:list.value'),
      dataIndex: 'value',
      render: (value: string) => (
        <Typography.Text copyable code>
          {value}
        </Typography.Text>
      ),
    },
    { title: t('risk:list.note'), dataIndex: 'note', render: (value: string | null) => value || '-' },
    {
      title: t('risk:list.createdBy'),
      dataIndex: 'createdBy',
      width: 160,
      render: (value: BlockEntry['createdBy']) => value?.name ?? t('risk:list.formerMember'),
    },
    {
      title: t('risk:list.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatTime(value),
    },
    ...(canEdit
      ? [
          {
            title: t('common:actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, row: BlockEntry) => (
              <ConfirmDeleteButton
                title={t('risk:list.deleteTitle')}
                description={t('risk:list.deleteConfirm', { value: row.value })}
                onConfirm={() => remove(row)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap size={[16, 8]}>
        <Segmented<BlockKind | 'all'>
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={(['all', ...BLOCK_KINDS] as const).map((value) => ({
            value,
            label: t(`risk:kind.${value}`),
          }))}
        />
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('risk:list.search')}
          aria-label={t('risk:list.search')}
          onSearch={(value) => {
            setQ(value.trim());
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
      </Space>
      <Table<BlockEntry>
        rowKey="id"
        data-testid="risk-blocklist"
        loading={isLoading}
        dataSource={data?.items ?? []}
        columns={columns}
        scroll={{ x: 900 }}
        locale={{ emptyText: error ? t('risk:loadFailed') : t('risk:list.empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
      />
    </Space>
  );
}
