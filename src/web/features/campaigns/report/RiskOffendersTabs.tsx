import { Button, Popconfirm, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCampaignTime } from './campaignClock';
import { countColumn, type Label } from './reportColumns';
import {
  OFFENDER_KINDS,
  blockKindOf,
  offendersOf,
  ruleKey,
  type RiskOffender,
  type RiskReport,
} from './riskReportTypes';

/**
 * The keys refused most, one tab per kind (IP address, address range, device, user id): the
 * value, its refusals, the rule that refused it last and when. An editor may put a key on the
 * project's blocklist, behind a confirmation.
 */
export function RiskOffendersTabs({
  report,
  r,
  onBlock,
}: {
  report: RiskReport;
  r: Label;
  /** Blocks the key; absent for members who may only read. */
  onBlock?: (offender: RiskOffender) => Promise<void>;
}) {
  const { t } = useTranslation();
  const formatTime = useCampaignTime();
  return (
    <Tabs
      size="small"
      data-testid="risk-offenders"
      items={OFFENDER_KINDS.map((kind) => {
        const rows = offendersOf(report, kind);
        return {
          key: kind,
          label: r(`offenderKinds.${kind}`, { count: rows.length }),
          children: (
            <Table<RiskOffender>
              size="small"
              rowKey="value"
              pagination={false}
              dataSource={rows}
              locale={{ emptyText: r('noOffenders') }}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: r(`offenderValue.${kind}`),
                  dataIndex: 'value',
                  render: (value: string) => <Typography.Text copyable>{value}</Typography.Text>,
                },
                countColumn<RiskOffender>(r('refused'), 'refused'),
                {
                  title: r('lastRule'),
                  dataIndex: 'lastRule',
                  render: (rule: string) => r(`rules.${ruleKey(rule)}.name`, { defaultValue: rule }),
                },
                { title: r('lastAt'), dataIndex: 'lastAt', render: (at: string) => formatTime(at) },
                ...(onBlock && blockKindOf(kind)
                  ? [
                      {
                        key: 'block',
                        render: (_: unknown, row: RiskOffender) => (
                          <Popconfirm
                            title={r('blockOffenderTitle', { value: row.value })}
                            description={r(`blockOffenderBody.${kind}`)}
                            okText={r('block')}
                            okButtonProps={{ danger: true }}
                            cancelText={t('common:cancel')}
                            onConfirm={() => onBlock(row)}
                          >
                            <Button size="small" danger data-testid="risk-block-offender">
                              {r('block')}
                            </Button>
                          </Popconfirm>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          ),
        };
      })}
    />
  );
}
