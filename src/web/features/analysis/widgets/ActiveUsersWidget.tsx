import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { formatNumber } from '../../../charts/formatNumber';
import type { ActiveAnswer } from '../analysisTypes';
import { MetricChart } from '../charts/MetricChart';
import { NumberRow } from '../charts/NumberRow';
import { Loading } from './Loading';
import type { WidgetProps } from './widgetProps';

const keys = ['dau', 'wau', 'mau'] as const;
type Day = ActiveAnswer['items'][number];

/** DAU, WAU and MAU per day as lines or columns, a table, or the last day's figures. */
export function ActiveUsersWidget({ widget, range, label }: WidgetProps) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSWR<ActiveAnswer>(`/api/analytics/active${buildQuery({ ...range })}`);
  const points = useMemo(
    () =>
      (data?.items ?? []).flatMap((day) =>
        keys.map((key) => ({ x: day.date, series: t(`analysis:metric.${key}`), value: day[key] })),
      ),
    [data, t],
  );
  const last = data?.items[data.items.length - 1];
  return (
    <Loading loading={isLoading} error={error}>
      {widget.chart === 'number' ? (
        <NumberRow
          testId="active-numbers"
          items={keys.map((key) => ({ key, label: t(`analysis:metric.${key}`), value: last?.[key] }))}
        />
      ) : widget.chart === 'table' ? (
        <Table<Day>
          rowKey="date"
          size="small"
          dataSource={[...(data?.items ?? [])].reverse()}
          pagination={{ pageSize: 7, hideOnSinglePage: true, size: 'small' }}
          columns={[
            { title: t('analysis:day'), dataIndex: 'date' },
            ...keys.map((key) => ({
              title: t(`analysis:metric.${key}`),
              dataIndex: key,
              align: 'right' as const,
              render: (value: number) => formatNumber(value),
            })),
          ]}
        />
      ) : (
        <MetricChart type={widget.chart === 'column' ? 'column' : 'line'} points={points} label={label} />
      )}
    </Loading>
  );
}
