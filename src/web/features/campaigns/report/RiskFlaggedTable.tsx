import { Button, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { countColumn, type Label } from './reportColumns';
import { ruleKey, type RiskFlagged } from './riskReportTypes';

/**
 * Participants a device rule flagged (they still play; their rewards wait for an operator): code,
 * user id, the rule, their rewards here and how many are on hold. An editor may block one from
 * the project, behind a confirmation.
 */
export function RiskFlaggedTable({
  flagged,
  r,
  onBlock,
}: {
  flagged: RiskFlagged[];
  r: Label;
  /** Blocks the participant; absent for members who may only read. */
  onBlock?: (participantCode: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Table<RiskFlagged>
      size="small"
      rowKey="participantCode"
      pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
      dataSource={flagged}
      locale={{ emptyText: r('noFlagged') }}
      scroll={{ x: 'max-content' }}
      data-testid="risk-flagged"
      columns={[
        { title: t('campaigns:report.metric.participantCode'), dataIndex: 'participantCode' },
        {
          title: t('campaigns:report.metric.userId'),
          dataIndex: 'userId',
          render: (userId: string | null) => userId ?? t('campaigns:report.anonymous'),
        },
        {
          title: r('rule'),
          dataIndex: 'rule',
          render: (rule: string) => r(`rules.${ruleKey(rule)}.name`, { defaultValue: rule }),
        },
        countColumn<RiskFlagged>(r('rewards'), 'rewards'),
        countColumn<RiskFlagged>(r('heldCount'), 'held'),
        ...(onBlock
          ? [
              {
                key: 'block',
                render: (_: unknown, row: RiskFlagged) => (
                  <Popconfirm
                    title={r('blockTitle', { code: row.participantCode })}
                    description={
                      row.userId ? r('blockBodyUser', { userId: row.userId }) : r('blockBodyDevice')
                    }
                    okText={r('block')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common:cancel')}
                    onConfirm={() => onBlock(row.participantCode)}
                  >
                    <Button size="small" danger data-testid="risk-block-participant">
                      {r('block')}
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
