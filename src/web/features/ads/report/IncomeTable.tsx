import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IncomeReport, ReportGrouping } from '../adsTypes';
import { groupLabel, reportMetrics } from './incomeRows';
import { useFormatMetric } from './useFormatMetric';

type Row = IncomeReport['rows'][number];

interface Props {
  rows: Row[];
  groupBy: ReportGrouping;
  currency: string;
  loading: boolean;
}

/** The report's rows by the chosen grouping with every figure, sortable by any of them. */
export function IncomeTable({ rows, groupBy, currency, loading }: Props) {
  const { t } = useTranslation();
  const format = useFormatMetric(currency);
  const unknown = t('ads:report.unknown');
  return (
    <Table<Row>
      rowKey="key"
      size="small"
      data-testid="ads-report-table"
      loading={loading}
      dataSource={rows}
      scroll={{ x: 1100 }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: t('ads:report.empty') }}
      columns={[
        {
          title: t(`ads:report.groupBy.${groupBy}`),
          key: 'group',
          ellipsis: true,
          fixed: 'left',
          width: groupBy === 'url' ? 320 : 200,
          sorter: (a, b) => groupLabel(a, unknown).localeCompare(groupLabel(b, unknown)),
          render: (_value, row) => groupLabel(row, unknown),
        },
        ...reportMetrics.map(({ key }) => ({
          title: t(`ads:metric.${key}`),
          dataIndex: key,
          align: 'right' as const,
          width: 120,
          sorter: (a: Row, b: Row) => a[key] - b[key],
          render: (value: number) => format(key, value),
        })),
      ]}
    />
  );
}
