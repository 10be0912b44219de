import { useMemo } from 'react';
import { Empty } from 'antd';
import type { G2Spec } from '@antv/g2';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../charts/formatNumber';
import { G2Chart } from '../../charts/G2Chart';
import { lineSpec } from '../../charts/lineSpec';

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

/**
 * Counts over time as one line per metric or event (points when there is a single time, see
 * lineSpec), read from zero; an empty state when nothing happened.
 */
export function TrendChart({ lines, label, height = 300, testId }: Props) {
  const { t } = useTranslation();
  const empty = lines.every((line) => line.points.every((point) => point.value === 0));
  const spec = useMemo<G2Spec>(
    () =>
      lineSpec({
        data: lines.flatMap((line) =>
          line.points.map((point) => ({
            time: point.time.replace('T', ' '),
            name: line.name,
            value: point.value,
          })),
        ),
        encode: { x: 'time', y: 'value', color: 'name' },
        // Counts read from zero, so a small change does not look like a collapse.
        scale: { y: { zero: true, nice: true } },
        axis: {
          x: { title: false, labelAutoHide: true },
          y: {
            title: false,
            labelFormatter: (value: number) => formatNumber(value),
            // No fractional ticks of a count ("2.5 plays").
            tickFilter: (value: number) => Number.isInteger(value),
          },
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
