import { Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import type { RetentionAnswer } from '../analysisTypes';
import { heatColour } from '../charts/heatColour';
import { formatRate } from './formatRate';

type Cohort = RetentionAnswer['cohorts'][number];

interface Props {
  answer: RetentionAnswer | undefined;
  loading?: boolean;
  /** Show retained device counts instead of rates. */
  counts?: boolean;
  testId?: string;
}

/**
 * First-seen cohorts (rows) by day N after first seen (columns), cells coloured by retention
 * rate; days still ahead are blank.
 */
export function RetentionTable({ answer, loading, counts, testId }: Props) {
  const { t } = useTranslation();
  const days = answer?.days ?? 0;
  // Cohorts without any new device say nothing; the newest first like the other tables.
  const rows = (answer?.cohorts ?? []).filter((cohort) => cohort.size > 0).reverse();
  const columns: ColumnsType<Cohort> = [
    { title: t('analysis:retention.cohort'), dataIndex: 'date', fixed: 'left', width: 120 },
    {
      title: t('analysis:retention.size'),
      dataIndex: 'size',
      align: 'right',
      width: 110,
      render: (value: number) => formatNumber(value),
    },
    ...Array.from({ length: days }, (_, index) => index + 1).map((n) => ({
      key: `day${n}`,
      title: t('analysis:retention.dayN', { n }),
      align: 'center' as const,
      width: 86,
      onCell: (row: Cohort) => ({
        style: { ...heatColour(row.rates[n]), padding: 0 },
        'data-testid': `retention-${row.date}-${n}`,
      }),
      render: (_: unknown, row: Cohort) => {
        const rate = row.rates[n];
        const retained = row.retained[n];
        if (rate === null || rate === undefined || retained === null || retained === undefined) return '';
        return (
          <Tooltip
            title={t('analysis:retention.cell', {
              retained: formatNumber(retained),
              size: formatNumber(row.size),
              rate: formatRate(rate),
            })}
          >
            <div className="gc-retention-cell">{counts ? formatNumber(retained) : formatRate(rate)}</div>
          </Tooltip>
        );
      },
    })),
  ];
  return (
    <Table<Cohort>
      rowKey="date"
      size="small"
      bordered
      loading={loading}
      dataSource={rows}
      columns={columns}
      pagination={false}
      scroll={{ x: 230 + days * 86 }}
      locale={{ emptyText: t('analysis:retention.empty') }}
      data-testid={testId}
    />
  );
}
