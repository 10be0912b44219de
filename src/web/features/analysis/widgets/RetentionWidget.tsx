import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import type { RetentionAnswer } from '../analysisTypes';
import { MetricChart } from '../charts/MetricChart';
import { formatRate } from '../retention/formatRate';
import { RetentionTable } from '../retention/RetentionTable';
import { retentionCurve } from '../retention/retentionCurve';
import { Loading } from './Loading';
import type { WidgetProps } from './widgetProps';

/** Day N after first seen covered by a retention widget. */
export const WIDGET_RETENTION_DAYS = 7;

const percent = (value: number) => formatRate(value / 100);

/** Day 1..7 retention of the range's first-seen cohorts: a heat table or the average curve. */
export function RetentionWidget({ widget, range, label }: WidgetProps) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSWR<RetentionAnswer>(
    `/api/analytics/retention${buildQuery({ ...range, days: WIDGET_RETENTION_DAYS })}`,
  );
  const points = useMemo(
    () =>
      data
        ? retentionCurve(data).flatMap((point) =>
            // Days no cohort has reached yet are left out, not drawn as 0%.
            point.percent === null
              ? []
              : [
                  {
                    x: t('analysis:retention.dayN', { n: point.n }),
                    series: t('analysis:retention.average'),
                    value: point.percent,
                  },
                ],
          )
        : [],
    [data, t],
  );
  return (
    <Loading loading={isLoading} error={error}>
      {widget.chart === 'table' ? (
        <RetentionTable answer={data} />
      ) : (
        <MetricChart
          type={widget.chart === 'column' ? 'column' : 'line'}
          points={points}
          label={label}
          format={percent}
          zeroIsData
        />
      )}
    </Loading>
  );
}
