import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReportTableCard } from './ReportTableCard';
import type { Participation } from './reportTypes';

const number = new Intl.NumberFormat();

/**
 * Participation figures, exactly as the server recorded them. Until the participant side records
 * any, the server says `available: false` and this says so: no invented numbers.
 */
export function ParticipationSection({ participation }: { participation: Participation }) {
  const { t } = useTranslation();
  if (!participation.available)
    return (
      <Card title={t('campaigns:report.participation')}>
        <Empty
          data-testid="report-empty"
          description={
            <>
              <Typography.Text strong>{t('campaigns:report.emptyTitle')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('campaigns:report.emptyBody')}</Typography.Text>
            </>
          }
        />
      </Card>
    );
  const totals = Object.entries(participation.totals ?? {});
  return (
    <>
      {totals.length > 0 && (
        <Row gutter={[16, 16]} data-testid="report-totals">
          {totals.map(([key, value]) => (
            <Col key={key} xs={12} md={8} lg={6}>
              <Card>
                <Statistic
                  title={t(`campaigns:report.metric.${key}`, { defaultValue: key })}
                  value={value}
                  formatter={(raw) => number.format(Number(raw))}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {!!participation.trend?.length && (
        <ReportTableCard title={t('campaigns:report.trend')} rows={participation.trend} labels={['date']} />
      )}
      {!!participation.channels?.length && (
        <ReportTableCard
          title={t('campaigns:report.channels')}
          rows={participation.channels}
          labels={['name', 'key', 'type']}
        />
      )}
      {!!participation.prizes?.length && (
        <ReportTableCard
          title={t('campaigns:report.prizes')}
          rows={participation.prizes}
          labels={['name', 'id']}
        />
      )}
    </>
  );
}
