import { useState } from 'react';
import { Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../api/createRequestClient';
import { formatTime } from '../links/formatTime';
import type { ListPage } from '../integration/integrationTypes';
import { AUDIT_ACTIONS, type RiskAuditRow } from './riskTypes';

const ACTION_COLORS: Record<string, string> = {
  'block.add': 'red',
  'block.remove': 'green',
  'reward.hold': 'orange',
  'reward.release': 'cyan',
  'participant.block': 'volcano',
};

/** The text key of an action (`block.add` is `block_add`: keys are split at dots). */
const actionKey = (action: string) => `risk:audit.actions.${action.replaceAll('.', '_')}`;

/** What a row's detail says: for the blocklist its kind and note, otherwise its fields as they are. */
function detailText(t: TFunction, row: RiskAuditRow): string {
  const { kind, note } = row.detail;
  if (row.action.startsWith('block.') && typeof kind === 'string')
    return [t(`risk:kind.${kind}`, { defaultValue: kind }), typeof note === 'string' ? note : '']
      .filter(Boolean)
      .join(' · ');
  return Object.entries(row.detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** The risk audit trail, newest first: narrowed by action and by text in the subject, paged by the server. */
export function AuditTable() {
  const { t } = useTranslation();
  const [action, setAction] = useState<string | undefined>();
  const [q, setQ] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const { data, error, isLoading } = useSWR<ListPage<RiskAuditRow>>(
    `/api/risk/audit${buildQuery({ action, q, ...paging })}`,
  );

  const columns: ColumnsType<RiskAuditRow> = [
    {
      title: t('risk:audit.time'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatTime(value),
    },
    {
      title: t('risk:audit.action'),
      dataIndex: 'action',
      width: 150,
      render: (value: string) => (
        <Tag color={ACTION_COLORS[value]}>{t(actionKey(value), { defaultValue: value })}</Tag>
      ),
    },
    {
      title: t('risk:audit.subject'),
      dataIndex: 'subject',
      render: (value: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text code>{value}</Typography.Text>
          {row.campaignId && (
            <Typography.Text type="secondary">
              {t('risk:audit.campaign', { id: row.campaignId })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('risk:audit.detail'), key: 'detail', render: (_: unknown, row) => detailText(t, row) || '-' },
    {
      title: t('risk:audit.actor'),
      dataIndex: 'actor',
      width: 160,
      render: (value: RiskAuditRow['actor']) => value?.name ?? t('risk:audit.system'),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space wrap size={[16, 8]}>
        <Select
          allowClear
          style={{ width: 200 }}
          value={action}
          placeholder={t('risk:audit.action')}
          aria-label={t('risk:audit.action')}
          onChange={(value?: string) => {
            setAction(value);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: t(actionKey(value)) }))}
        />
        <Input.Search
          allowClear
          style={{ width: 280 }}
          placeholder={t('risk:audit.search')}
          aria-label={t('risk:audit.search')}
          onSearch={(value) => {
            setQ(value.trim());
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
      </Space>
      <Table<RiskAuditRow>
        rowKey="id"
        data-testid="risk-audit"
        loading={isLoading}
        dataSource={data?.items ?? []}
        columns={columns}
        scroll={{ x: 900 }}
        locale={{ emptyText: error ? t('risk:loadFailed') : t('risk:audit.empty') }}
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
