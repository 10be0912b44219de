import { useMemo } from 'react';
import { Card, Input, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanEdit } from '../../../app/useCanEdit';
import { useCampaignTime } from '../report/campaignClock';
import { ExportButton } from '../report/ExportButton';
import { useRiskReport } from '../report/useRiskReport';
import { rewardColumns } from './rewardColumns';
import { RewardDetailDrawer } from './RewardDetailDrawer';
import type { RewardRow } from './rewardTypes';
import { REWARD_PAGE_SIZE, useRewardRecords } from './useRewardRecords';

export type { RewardRow } from './rewardTypes';

const STATUSES = ['success', 'pending', 'failure', 'manual', 'reissued'] as const;

/**
 * Reward records of a campaign: filters by award status, prize and user id; a drawer with every
 * delivery attempt; manual award and reissue behind a confirmation; for editors, a pending reward
 * put on hold and a held one released (each row says whether it is held); CSV export.
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
  const canEdit = useCanEdit();
  const records = useRewardRecords(campaignId);
  const { list, statusText } = records;
  const risk = useRiskReport(campaignId);
  const rows = list.data?.items;
  const held = useMemo(() => new Set((rows ?? []).filter((r) => r.heldAt !== null).map((r) => r.id)), [rows]);

  return (
    <Card
      title={t('campaigns:rewards.title')}
      data-testid="reward-records"
      extra={<ExportButton url={`/api/rewards/export?${records.filters}`} testId="reward-records-export" />}
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder={t('campaigns:rewards.statusFilter')}
          style={{ width: 160 }}
          value={records.status}
          onChange={(value?: string) => records.filterStatus(value)}
          options={STATUSES.map((value) => ({ value, label: statusText(value) }))}
        />
        <Select
          allowClear
          placeholder={t('campaigns:rewards.prizeFilter')}
          style={{ width: 180 }}
          value={records.prizeId}
          onChange={(value?: string) => records.filterPrize(value)}
          options={prizes.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Input.Search
          allowClear
          placeholder={t('campaigns:rewards.userFilter')}
          onSearch={(value) => records.filterUser(value)}
          style={{ width: 220 }}
        />
      </Space>
      <Table<RewardRow>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: records.page,
          pageSize: REWARD_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: records.setPage,
          showSizeChanger: false,
        }}
        columns={rewardColumns({
          t,
          statusText,
          formatTime,
          canEdit,
          held,
          onOpen: (row) => records.setOpen(row.id),
          onMove: records.move,
          onHold: (row, move) => risk.moveReward(row.id, move),
        })}
      />
      <RewardDetailDrawer
        open={records.open !== undefined}
        detail={records.detail}
        statusText={statusText}
        formatTime={formatTime}
        onClose={() => records.setOpen(undefined)}
      />
    </Card>
  );
}
