import { useMemo } from 'react';
import { Empty } from 'antd';
import type { G2Spec } from '@antv/g2';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../charts/formatNumber';
import { G2Chart } from '../../charts/G2Chart';

export interface TrendLine {
  /** Legend name of the line (already translated). */
  name: string;
  points: Array<{ time: string; value: number }>;
}

interface Props {
  lines: TrendLine[];
  label: string;
  height?: number;
  testId?: string;
}

/** Counts over time as one line per metric or event; an empty state when nothing happened. */
export function TrendChart({ lines, label, height = 300, testId }: Props) {
  const { t } = useTranslation();
  const empty = lines.every((line) => line.points.every((point) => point.value === 0));
  const spec = useMemo<G2Spec>(
    () => ({
      type: 'line',
      data: lines.flatMap((line) =>
        line.points.map((point) => ({
          time: point.time.replace('T', ' '),
          name: line.name,
          value: point.value,
        })),
      ),
      encode: { x: 'time', y: 'value', color: 'name' },
      axis: {
        x: { title: false, labelAutoHide: true },
        y: { title: false, labelFormatter: (value: number) => formatNumber(value) },
      },
      legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
      tooltip: { items: [{ channel: 'y', valueFormatter: (value: number) => formatNumber(value) }] },
    }),
    [lines],
  );
  if (empty)
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
