import { useState } from 'react';
import { Card, Col, Row, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateRangePresets } from '../../linkAnalytics/DateRangePresets';
import { presetRange, type DateRange } from '../../linkAnalytics/dateRangePresets';
import { audienceDimensions, MAX_ANALYSIS_DAYS, type AudienceDimension } from '../analysisTypes';
import { useProjectToday } from '../../projects/useProjectTimeZone';
import { ActiveUsersWidget } from '../widgets/ActiveUsersWidget';
import { AudienceWidget } from '../widgets/AudienceWidget';
import { SummaryWidget } from '../widgets/SummaryWidget';
import { RetentionCard } from './RetentionCard';
import '../analysis.css';

/** Audience: headline figures, DAU/WAU/MAU, retention cohorts and breakdowns of active devices. */
export function AudiencePage() {
  const { t } = useTranslation();
  const today = useProjectToday();
  const [range, setRange] = useState<DateRange>(() => presetRange('last7Days', today));
  const [by, setBy] = useState<AudienceDimension>('platform');
  const filters = {};
  return (
    <div className="gc-page">
      <div className="gc-page-head">
        <div>
          <Typography.Title level={3}>{t('menu:page.audience')}</Typography.Title>
          <Typography.Text type="secondary">{t('analysis:audience.description')}</Typography.Text>
        </div>
      </div>
      <DateRangePresets value={range} onChange={setRange} maxDays={MAX_ANALYSIS_DAYS} today={today} />
      <Card size="small" data-testid="audience-summary">
        <SummaryWidget
          widget={{ metric: 'summary', chart: 'number' }}
          range={range}
          filters={filters}
          label={t('analysis:widgetMetric.summary')}
        />
      </Card>
      <Card title={t('analysis:audience.active')} data-testid="active-users">
        <ActiveUsersWidget
          widget={{ metric: 'activeUsers', chart: 'line' }}
          range={range}
          filters={filters}
          label={t('analysis:audience.active')}
        />
      </Card>
      <RetentionCard range={range} />
      <Card
        title={t('analysis:audience.breakdown')}
        data-testid="audience-breakdown"
        extra={
          <Segmented<AudienceDimension>
            value={by}
            onChange={setBy}
            options={audienceDimensions.map((value) => ({ value, label: t(`analysis:group.${value}`) }))}
          />
        }
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <AudienceWidget
              widget={{ metric: 'audience', chart: 'pie', groupBy: by }}
              range={range}
              filters={filters}
              label={t('analysis:audience.breakdown')}
            />
          </Col>
          <Col xs={24} xl={12}>
            <AudienceWidget
              widget={{ metric: 'audience', chart: 'table', groupBy: by }}
              range={range}
              filters={filters}
              label={t('analysis:audience.breakdown')}
            />
          </Col>
        </Row>
      </Card>
    </div>
  );
}
