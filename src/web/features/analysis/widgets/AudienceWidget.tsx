import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { formatNumber } from '../../../charts/formatNumber';
import type { AudienceAnswer } from '../analysisTypes';
import { MetricChart } from '../charts/MetricChart';
import { NumberRow } from '../charts/NumberRow';
import { groupLabel } from '../groupLabel';
import { formatRate } from '../retention/formatRate';
import { audienceDimension } from '../widgetRules';
import { Loading } from './Loading';
import type { WidgetProps } from './widgetProps';

type Item = AudienceAnswer['items'][number];

/** Active devices by platform, OS, country, app version or language (top 8 + others). */
export function AudienceWidget({ widget, range, label }: WidgetProps) {
  const { t } = useTranslation();
  const by = audienceDimension(widget.groupBy);
  const { data, error, isLoading } = useSWR<AudienceAnswer>(
    `/api/analytics/audience${buildQuery({ ...range, by })}`,
  );
  const points = useMemo(
    () =>
      (data?.items ?? []).map((item) => {
        const name = groupLabel(t, item.key, by);
        // A pie takes one slice per series; columns one bar per group.
        return {
          x: name,
          series: widget.chart === 'pie' ? name : t('analysis:metric.activeDevices'),
          value: item.devices,
        };
      }),
    [data, t, by, widget.chart],
  );
  return (
    <Loading loading={isLoading} error={error}>
      {widget.chart === 'number' ? (
        <NumberRow
          items={[{ key: 'devices', label: t('analysis:metric.activeDevices'), value: data?.total }]}
        />
      ) : widget.chart === 'table' ? (
        <Table<Item>
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={data?.items ?? []}
          locale={{ emptyText: t('analysis:noData') }}
          columns={[
            {
              title: t(`analysis:group.${by}`),
              dataIndex: 'key',
              render: (key: string) => groupLabel(t, key, by),
            },
            {
              title: t('analysis:metric.activeDevices'),
              dataIndex: 'devices',
              align: 'right',
              render: (value: number) => formatNumber(value),
            },
            {
              title: t('analysis:share'),
              dataIndex: 'share',
              align: 'right',
              render: (value: number) => formatRate(value),
            },
          ]}
        />
      ) : (
        <MetricChart type={widget.chart === 'pie' ? 'pie' : 'column'} points={points} label={label} />
      )}
    </Loading>
  );
}
