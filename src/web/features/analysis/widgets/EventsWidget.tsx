import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { formatNumber } from '../../../charts/formatNumber';
import type { SdkEventsAnswer } from '../analysisTypes';
import { MetricChart } from '../charts/MetricChart';
import { NumberRow } from '../charts/NumberRow';
import { groupLabel } from '../groupLabel';
import { Loading } from './Loading';
import type { WidgetProps } from './widgetProps';

type Group = SdkEventsAnswer['groups'][number];

/** SDK events per day by event name or platform (top 8 + others), filtered by platform and name. */
export function EventsWidget({ widget, range, filters, label }: WidgetProps) {
  const { t } = useTranslation();
  const groupBy = widget.groupBy === 'platform' ? 'platform' : 'name';
  const { data, error, isLoading } = useSWR<SdkEventsAnswer>(
    `/api/analytics/sdk-events${buildQuery({
      ...range,
      groupBy,
      names: filters.names?.join(','),
      platforms: filters.platforms?.join(','),
    })}`,
  );
  const points = useMemo(
    () =>
      (data?.series ?? []).map((point) => ({
        x: point.date,
        series: groupLabel(t, point.key, groupBy),
        value: point.count,
      })),
    [data, t, groupBy],
  );
  if (widget.chart === 'number')
    return (
      <Loading loading={isLoading} error={error}>
        <NumberRow items={[{ key: 'events', label: t('analysis:metric.events'), value: data?.total }]} />
      </Loading>
    );
  if (widget.chart === 'table')
    return (
      <Loading loading={isLoading} error={error}>
        <Table<Group>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={data?.groups ?? []}
          locale={{ emptyText: t('analysis:noData') }}
          columns={[
            {
              title: t(`analysis:group.${groupBy}`),
              dataIndex: 'key',
              render: (key: string) => groupLabel(t, key, groupBy),
            },
            {
              title: t('analysis:metric.events'),
              dataIndex: 'count',
              align: 'right',
              render: (value: number) => formatNumber(value),
            },
          ]}
        />
      </Loading>
    );
  return (
    <Loading loading={isLoading} error={error}>
      <MetricChart
        type={widget.chart === 'line' || widget.chart === 'pie' ? widget.chart : 'column'}
        points={points}
        label={label}
      />
    </Loading>
  );
}
