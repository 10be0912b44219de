import { useMemo } from 'react';
import { Empty } from 'antd';
import type { G2Spec } from '@antv/g2';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../charts/formatNumber';
import { G2Chart } from '../../charts/G2Chart';
import { topGroups, type GroupTotal } from '../../charts/topGroups';

interface Props {
  rows: GroupTotal[];
  label: string;
  height?: number;
  testId?: string;
}

/** One count per group (channel, platform) as horizontal bars: the top 8, the rest as "others". */
export function GroupBarChart({ rows, label, height = 300, testId }: Props) {
  const { t } = useTranslation();
  const data = useMemo(
    () => topGroups(rows, t('analytics:others')).filter((row) => row.value > 0),
    [rows, t],
  );
  const spec = useMemo<G2Spec>(
    () => ({
      type: 'interval',
      data,
      encode: { x: 'group', y: 'value', color: 'group' },
      coordinate: { transform: [{ type: 'transpose' }] },
      // Headroom past the longest bar for its value label.
      scale: {
        x: { padding: 0.3 },
        y: { domainMax: Math.max(1, ...data.map((row) => row.value)) * 1.15, nice: true },
      },
      axis: {
        x: { title: false },
        y: { title: false, labelFormatter: (value: number) => formatNumber(value) },
      },
      legend: false,
      labels: [{ text: (row: GroupTotal) => formatNumber(row.value), position: 'right', dx: 4 }],
      tooltip: { items: [{ channel: 'y', valueFormatter: (value: number) => formatNumber(value) }] },
    }),
    [data],
  );
  if (data.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('analytics:noData')} data-testid={testId} />
    );
  return (
    <G2Chart
      spec={spec}
      height={height}
      label={label}
      loadFailedText={t('analytics:chartFailed')}
      testId={testId}
    />
  );
}
