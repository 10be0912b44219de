import { useState } from 'react';
import { Alert, Card, InputNumber, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { buildQuery } from '../../../api/createRequestClient';
import type { DateRange } from '../../linkAnalytics/dateRangePresets';
import type { RetentionAnswer } from '../analysisTypes';
import { RetentionTable } from '../retention/RetentionTable';

/** Day N the server answers at most. */
const MAX_DAYS = 30;

/** Retention of the first-seen cohorts of the range, day 1..N, as rates or device counts. */
export function RetentionCard({ range }: { range: DateRange }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(7);
  const [counts, setCounts] = useState(false);
  const { data, error, isLoading } = useSWR<RetentionAnswer>(
    `/api/analytics/retention${buildQuery({ ...range, days })}`,
  );
  return (
    <Card
      title={t('analysis:retention.title')}
      data-testid="retention"
      extra={
        <Space wrap>
          <Typography.Text>{t('analysis:retention.days')}</Typography.Text>
          <InputNumber
            min={1}
            max={MAX_DAYS}
            value={days}
            onChange={(value) => value && setDays(Math.min(MAX_DAYS, Math.max(1, Math.round(value))))}
            aria-label={t('analysis:retention.days')}
            style={{ width: 80 }}
          />
          <Segmented<'rates' | 'counts'>
            value={counts ? 'counts' : 'rates'}
            onChange={(value) => setCounts(value === 'counts')}
            options={[
              { value: 'rates', label: t('analysis:retention.rates') },
              { value: 'counts', label: t('analysis:retention.counts') },
            ]}
          />
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('analysis:retention.help')}</Typography.Text>
        {error && <Alert type="error" showIcon title={error.message || t('analysis:loadFailed')} />}
        <RetentionTable answer={data} loading={isLoading} counts={counts} testId="retention-table" />
      </Space>
    </Card>
  );
}
