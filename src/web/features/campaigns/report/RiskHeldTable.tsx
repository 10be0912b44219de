import { Button, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCampaignTime } from './campaignClock';
import type { Label } from './reportColumns';
import type { RiskHeld } from './riskReportTypes';

/**
 * Rewards on hold (not delivered until released), newest first: who won what, when it was held
 * and whether a flag or a member held it. An editor may release one, behind a confirmation: its
 * delivery is then due at once.
 */
export function RiskHeldTable({
  held,
  r,
  onRelease,
}: {
  held: RiskHeld[];
  r: Label;
  /** Releases the reward; absent for members who may only read. */
  onRelease?: (rewardId: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const formatTime = useCampaignTime();
  return (
    <Table<RiskHeld>
      size="small"
      rowKey="rewardId"
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      dataSource={held}
      locale={{ emptyText: r('noHeld') }}
      scroll={{ x: 'max-content' }}
      data-testid="risk-held"
      columns={[
        {
          title: t('campaigns:report.metric.userId'),
          key: 'who',
          render: (_, row) => row.userId ?? row.participantCode,
        },
        { title: t('campaigns:report.metric.prize'), dataIndex: 'prizeName' },
        { title: r('heldAt'), dataIndex: 'heldAt', render: (at: string) => formatTime(at) },
        {
          title: r('heldBy'),
          dataIndex: 'heldBy',
          render: (by: string) => (by === 'risk' ? r('heldByFlag') : r('heldByMember')),
        },
        ...(onRelease
          ? [
              {
                key: 'release',
                render: (_: unknown, row: RiskHeld) => (
                  <Popconfirm
                    title={r('releaseConfirm')}
                    okText={r('release')}
                    cancelText={t('common:cancel')}
                    onConfirm={() => onRelease(row.rewardId)}
                  >
                    <Button size="small" data-testid="risk-release">
                      {r('release')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
