import { useState } from 'react';
import { Card, Input, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useCampaignTime } from './campaignClock';
import { ExportButton } from './ExportButton';

interface ReportUser {
  participantCode: string;
  userId: string | null;
  anonymous: boolean;
  newUser: boolean;
  channel: string | null;
  inviter: string | null;
  os: string | null;
  country: string | null;
  firstAt: string;
  lastAt: string | null;
  actions: number;
  wins: number;
}

/** The report's user detail: every participant with what they did, paged, searchable by user id or code. */
export function ReportUsersCard({ campaignId }: { campaignId: string }) {
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const base = `/api/campaigns/${encodeURIComponent(campaignId)}/report`;
  const params = new URLSearchParams({ page: String(page), pageSize: '20', ...(q ? { q } : {}) });
  const { data, isLoading } = useSWR<{ items: ReportUser[]; total: number }>(`${base}/users?${params}`);
  const m = (key: string) => t(`campaigns:report.metric.${key}`);
  return (
    <Card
      title={t('campaigns:report.users')}
      data-testid="report-users"
      extra={<ExportButton url={`${base}/export?section=users`} />}
    >
      <Input.Search
        allowClear
        placeholder={t('campaigns:report.userSearch')}
        onSearch={(value) => {
          setQ(value.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      <Table<ReportUser>
        size="small"
        rowKey="participantCode"
        loading={isLoading}
        dataSource={data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 20,
          total: data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: m('participantCode'), dataIndex: 'participantCode' },
          {
            title: m('userId'),
            render: (_, u) => u.userId ?? <Tag>{t('campaigns:report.anonymous')}</Tag>,
          },
          {
            title: m('newUser'),
            render: (_, u) => (u.newUser ? t('campaigns:report.yes') : t('campaigns:report.no')),
          },
          { title: m('channel'), render: (_, u) => u.channel ?? '-' },
          { title: m('inviter'), render: (_, u) => u.inviter ?? '-' },
          { title: m('os'), render: (_, u) => u.os ?? '-' },
          { title: m('firstAt'), render: (_, u) => formatTime(u.firstAt) },
          { title: m('lastAt'), render: (_, u) => (u.lastAt ? formatTime(u.lastAt) : '-') },
          { title: m('actions'), dataIndex: 'actions', align: 'right' },
          { title: m('wins'), dataIndex: 'wins', align: 'right' },
        ]}
      />
    </Card>
  );
}
