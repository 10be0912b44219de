import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { formatNumber } from '../../../charts/formatNumber';
import type { RetentionAnswer } from '../analysisTypes';
import { MetricChart } from '../charts/MetricChart';
import { NumberRow } from '../charts/NumberRow';
import { Loading } from './Loading';
import type { WidgetProps } from './widgetProps';

type Cohort = RetentionAnswer['cohorts'][number];

/**
 * New (first-seen) devices per day: the size of each day's cohort, read from the retention
 * endpoint with the shortest window; the number is their sum over the range.
 */
export function NewUsersWidget({ widget, range, label }: WidgetProps) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSWR<RetentionAnswer>(
    `/api/analytics/retention${buildQuery({ ...range, days: 1 })}`,
  );
  const cohorts = useMemo(() => data?.cohorts ?? [], [data]);
  const points = useMemo(
    () =>
      cohorts.map((cohort) => ({
        x: cohort.date,
        series: t('analysis:metric.newDevices'),
        value: cohort.size,
      })),
    [cohorts, t],
  );
  const total = data ? cohorts.reduce((sum, cohort) => sum + cohort.size, 0) : undefined;
  return (
    <Loading loading={isLoading} error={error}>
      {widget.chart === 'number' ? (
        <NumberRow items={[{ key: 'newDevices', label: t('analysis:metric.newDevices'), value: total }]} />
      ) : widget.chart === 'table' ? (
        <Table<Cohort>
          rowKey="date"
          size="small"
          dataSource={[...cohorts].reverse()}
          pagination={{ pageSize: 7, hideOnSinglePage: true, size: 'small' }}
          columns={[
            { title: t('analysis:day'), dataIndex: 'date' },
            {
              title: t('analysis:metric.newDevices'),
              dataIndex: 'size',
              align: 'right',
              render: (value: number) => formatNumber(value),
            },
          ]}
        />
      ) : (
        <MetricChart type={widget.chart === 'column' ? 'column' : 'line'} points={points} label={label} />
      )}
    </Loading>
  );
}
