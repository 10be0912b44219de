import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import { formatNumber } from '../../../charts/formatNumber';
import type { SummaryAnswer } from '../analysisTypes';
import { NumberRow } from '../charts/NumberRow';
import { Loading } from './Loading';
import type { WidgetProps } from './widgetProps';

const figures = ['activeDevices', 'newDevices', 'events'] as const;

/** Headline figures of the range: active devices, new devices, events. */
export function SummaryWidget({ widget, range }: WidgetProps) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSWR<SummaryAnswer>(
    `/api/analytics/summary${buildQuery({ ...range })}`,
  );
  const items = figures.map((key) => ({ key, label: t(`analysis:metric.${key}`), value: data?.[key] }));
  return (
    <Loading loading={isLoading} error={error}>
      {widget.chart === 'table' ? (
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={items}
          showHeader={false}
          columns={[
            { dataIndex: 'label' },
            {
              dataIndex: 'value',
              align: 'right',
              render: (value: number | undefined) => formatNumber(value),
            },
          ]}
        />
      ) : (
        <NumberRow items={items} testId="summary-numbers" />
      )}
    </Loading>
  );
}
