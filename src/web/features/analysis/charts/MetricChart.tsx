import { useMemo } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../charts/formatNumber';
import { G2Chart } from '../../../charts/G2Chart';
import { chartSpec } from './chartSpec';
import { foldSeries, type SeriesPoint } from './foldSeries';

interface Props {
  type: 'line' | 'column' | 'pie';
  points: SeriesPoint[];
  label: string;
  height?: number;
  /** Value format of axes, labels and tooltips (thousands separators by default). */
  format?: (value: number) => string;
  /** Zero is a figure here (a 0% rate), not "nothing happened": only no points is empty. */
  zeroIsData?: boolean;
  testId?: string;
}

/** One metric as a G2 line, column or pie chart (top 8 series + others), or a plain empty state. */
export function MetricChart({
  type,
  points,
  label,
  height = 260,
  format = formatNumber,
  zeroIsData = false,
  testId,
}: Props) {
  const { t } = useTranslation();
  const folded = useMemo(() => foldSeries(points, t('analysis:others')), [points, t]);
  const spec = useMemo(() => chartSpec(type, folded, format), [type, folded, format]);
  if (points.length === 0 || (!zeroIsData && points.every((point) => !point.value)))
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('analysis:noData')}
        style={{ minHeight: height - 40 }}
        data-testid={testId}
      />
    );
  return (
    <G2Chart
      spec={spec}
      height={height}
      label={label}
      loadFailedText={t('analysis:chartFailed')}
      testId={testId}
    />
  );
}
