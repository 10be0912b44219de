import { useState } from 'react';
import {
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { RequestError } from '../../../api/RequestError';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { useCampaignTime } from '../report/campaignClock';
import { ExportButton } from '../report/ExportButton';

const STATUSES = ['success', 'pending', 'failure', 'manual', 'reissued'] as const;
const STATUS_COLORS: Record<string, string> = {
  success: 'green',
  pending: 'gold',
  failure: 'red',
  manual: 'blue',
  reissued: 'cyan',
};

export interface RewardRow {
  id: string;
  prizeId: string;
  prizeName: string;
  deliveryType: string;
  awardStatus: string;
  statusDetail: string | null;
  userId: string | null;
  participantCode: string;
  superior: string | null;
  isNewUser: boolean;
  channel: string | null;
  couponCode: string | null;
  formSubmission: { id: string; state: string } | null;
  attempts: number;
  createdAt: string;
  awardedBy: { id: string; name: string } | null;
  awardedAt: string | null;
}

interface RewardDetail extends RewardRow {
  deliveries: {
    id: string;
    url: string;
    state: string;
    attempts: {
      attempt: number;
      at: string;
      httpStatus: number | null;
      answer: string | null;
      error: string | null;
      durationMs: number | null;
    }[];
  }[];
}

/** Whether an operator may act on a record: mark a pending customer-service prize awarded, or reissue a failed callback. */
export function rewardMove(row: Pick<RewardRow, 'awardStatus' | 'deliveryType'>): 'award' | 'reissue' | null {
  if (row.awardStatus === 'pending' && row.deliveryType === 'customer-service') return 'award';
  if (row.awardStatus === 'failure') return 'reissue';
  return null;
}

/**
 * Reward records of a campaign: filters by award status, prize and user id; a drawer with every
 * delivery attempt; manual award and reissue behind a confirmation; CSV export.
 */
export function RewardRecordsCard({
  campaignId,
  prizes,
}: {
  campaignId: string;
  prizes: { id: string; name: string }[];
}) {
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const [status, setStatus] = useState<string>();
  const [prizeId, setPrizeId] = useState<string>();
  const [userId, setUserId] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string>();
  const filters = new URLSearchParams({
    campaignId,
    ...(status ? { status } : {}),
    ...(prizeId ? { prizeId } : {}),
    ...(userId ? { userId } : {}),
  });
  const { data, isLoading, mutate } = useSWR<{ items: RewardRow[]; total: number }>(
    `/api/rewards?${filters}&page=${page}&pageSize=20`,
  );
  const detail = useSWR<RewardDetail>(open ? `/api/rewards/${encodeURIComponent(open)}` : null);
  const statusText = (value: string) => t(`campaigns:rewards.status.${value}`, { defaultValue: value });

  async function move(row: RewardRow, kind: 'award' | 'reissue') {
    try {
      const answer = await client.post<RewardDetail>(
        `/api/rewards/${encodeURIComponent(row.id)}/${kind}`,
        {},
        { silent: true },
      );
      void message.success(t(`campaigns:rewards.${kind}Done`, { status: statusText(answer.awardStatus) }));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      void message.error(error.message);
    }
    void mutate();
    if (open === row.id) void detail.mutate();
  }

  return (
    <Card
      title={t('campaigns:rewards.title')}
      data-testid="reward-records"
      extra={<ExportButton url={`/api/rewards/export?${filters}`} testId="reward-records-export" />}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('campaigns:rewards.statusFilter')}
          style={{ width: 160 }}
          value={status}
          onChange={(value?: string) => {
            setStatus(value);
            setPage(1);
          }}
          options={STATUSES.map((value) => ({ value, label: statusText(value) }))}
        />
        <Select
          allowClear
          placeholder={t('campaigns:rewards.prizeFilter')}
          style={{ width: 180 }}
          value={prizeId}
          onChange={(value?: string) => {
            setPrizeId(value);
            setPage(1);
          }}
          options={prizes.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Input.Search
          allowClear
          placeholder={t('campaigns:rewards.userFilter')}
          onSearch={(value) => {
            setUserId(value.trim());
            setPage(1);
          }}
          style={{ width: 220 }}
        />
      </Space>
      <Table<RewardRow>
        size="small"
        rowKey="id"
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
          { title: t('campaigns:rewards.time'), render: (_, r) => formatTime(r.createdAt) },
          { title: t('campaigns:rewards.prize'), dataIndex: 'prizeName' },
          { title: t('campaigns:rewards.user'), render: (_, r) => r.userId ?? r.participantCode },
          {
            title: t('campaigns:rewards.status.title'),
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLORS[r.awardStatus]}>{statusText(r.awardStatus)}</Tag>
                {r.statusDetail && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {r.statusDetail}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('campaigns:rewards.delivery'),
            render: (_, r) =>
              t(`campaigns:rewards.deliveryType.${r.deliveryType}`, { defaultValue: r.deliveryType }),
          },
          { title: t('campaigns:rewards.coupon'), render: (_, r) => r.couponCode ?? '-' },
          { title: t('campaigns:rewards.channel'), render: (_, r) => r.channel ?? '-' },
          {
            title: '',
            render: (_, r) => {
              const kind = rewardMove(r);
              return (
                <Space>
                  <Button size="small" type="link" onClick={() => setOpen(r.id)}>
                    {t('campaigns:rewards.details')}
                  </Button>
                  {kind && (
                    <Popconfirm
                      title={t(`campaigns:rewards.${kind}Confirm`)}
                      okText={t(`campaigns:rewards.${kind}`)}
                      cancelText={t('common:cancel')}
                      onConfirm={() => move(r, kind)}
                      disabled={!canEdit}
                    >
                      <Button size="small" disabled={!canEdit} data-testid={`reward-${kind}`}>
                        {t(`campaigns:rewards.${kind}`)}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      <Drawer
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        title={t('campaigns:rewards.details')}
        size="large"
        destroyOnHidden
      >
        {detail.data && (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'id', label: 'ID', children: detail.data.id },
                { key: 'prize', label: t('campaigns:rewards.prize'), children: detail.data.prizeName },
                {
                  key: 'user',
                  label: t('campaigns:rewards.user'),
                  children: detail.data.userId ?? detail.data.participantCode,
                },
                {
                  key: 'status',
                  label: t('campaigns:rewards.status.title'),
                  children: statusText(detail.data.awardStatus),
                },
                ...(detail.data.statusDetail
                  ? [
                      {
                        key: 'detail',
                        label: t('campaigns:rewards.detail'),
                        children: detail.data.statusDetail,
                      },
                    ]
                  : []),
                ...(detail.data.awardedBy
                  ? [
                      {
                        key: 'awarded',
                        label: t('campaigns:rewards.awardedBy'),
                        children: `${detail.data.awardedBy.name} · ${formatTime(detail.data.awardedAt ?? '')}`,
                      },
                    ]
                  : []),
              ]}
            />
            {detail.data.deliveries.map((delivery) => (
              <Card
                key={delivery.id}
                size="small"
                title={`${t('campaigns:rewards.callback')} ${delivery.url}`}
                extra={statusText(delivery.state)}
              >
                <Table
                  size="small"
                  rowKey="attempt"
                  pagination={false}
                  dataSource={delivery.attempts}
                  columns={[
                    { title: '#', dataIndex: 'attempt' },
                    { title: t('campaigns:rewards.time'), render: (_, a) => formatTime(a.at) },
                    { title: 'HTTP', render: (_, a) => a.httpStatus ?? '-' },
                    { title: t('campaigns:rewards.answer'), render: (_, a) => a.answer || a.error || '-' },
                    { title: 'ms', dataIndex: 'durationMs' },
                  ]}
                />
              </Card>
            ))}
          </Space>
        )}
      </Drawer>
    </Card>
  );
}
