import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FissionReportCard } from './FissionReportCard';
import { MechanicReportCards } from './MechanicReportCards';
import { ParticipationTrendCard } from './ParticipationTrendCard';
import { PrizesReportCard } from './PrizesReportCard';
import { ReportTableCard } from './ReportTableCard';
import { metricName, reportExportUrl, reportNumber } from './reportMetric';
import type { Participation } from './reportTypes';
import { WinnersReportCard } from './WinnersReportCard';
import { ExportButton } from './report/ExportButton';
import { ReportUsersCard } from './report/ReportUsersCard';
import { RewardRecordsCard } from './rewardRecords/RewardRecordsCard';

/** Until anybody plays: the section says so instead of showing zeros. */
function NoParticipationCard() {
  const { t } = useTranslation();
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
}

/**
 * Participation figures, exactly as the server recorded them (draws, shares, entries, reward
 * records). Until anybody plays, the server says `available: false` and this says so: no invented
 * numbers.
 */
export function ParticipationSection({
  participation,
  campaignId,
}: {
  participation: Participation;
  campaignId: string;
}) {
  const { t } = useTranslation();
  const exportUrl = (section: string) => reportExportUrl(campaignId, section);
  if (!participation.available) return <NoParticipationCard />;
  const m = (key: string) => metricName(t, key);
  const totals = Object.entries(participation.totals ?? {});
  const prizes = participation.prizes ?? [];
  return (
    <>
      <Row gutter={[16, 16]} data-testid="report-totals">
        {totals.map(([key, value]) => (
          <Col key={key} xs={12} md={8} lg={6} xl={3}>
            <Card>
              <Statistic title={m(key)} value={value} formatter={(raw) => reportNumber.format(Number(raw))} />
            </Card>
          </Col>
        ))}
      </Row>
      <ParticipationTrendCard trend={participation.trend} exportUrl={exportUrl('trend')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <PrizesReportCard prizes={prizes} exportUrl={exportUrl('prizes')} />
        </Col>
        <Col xs={24} lg={12}>
          <FissionReportCard fission={participation.fission} />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <WinnersReportCard winners={participation.winners ?? []} exportUrl={exportUrl('winners')} />
        </Col>
        <Col xs={24} lg={12}>
          <ReportTableCard
            title={t('campaigns:report.leaderboard')}
            rows={participation.leaderboard ?? []}
            labels={['rank', 'participantCode', 'userId']}
            testId="report-leaderboard"
            extra={<ExportButton url={exportUrl('leaderboard')} />}
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ReportTableCard
            title={t('campaigns:report.channels')}
            rows={participation.channels ?? []}
            labels={['channel', 'name', 'type']}
            testId="report-channels"
            extra={<ExportButton url={exportUrl('channels')} />}
          />
        </Col>
        <Col xs={24} lg={12}>
          <ReportTableCard
            title={t('campaigns:report.inviters')}
            rows={participation.inviters ?? []}
            labels={['rank', 'participantCode', 'userId']}
            testId="report-inviters"
            extra={<ExportButton url={exportUrl('inviters')} />}
          />
        </Col>
      </Row>
      <ReportTableCard
        title={t('campaigns:report.retention')}
        rows={participation.retention ?? []}
        labels={['cohort']}
        testId="report-retention"
        extra={<ExportButton url={exportUrl('retention')} />}
      />
      <MechanicReportCards participation={participation} campaignId={campaignId} exportUrl={exportUrl} />
      <ReportUsersCard campaignId={campaignId} />
      <RewardRecordsCard
        campaignId={campaignId}
        prizes={prizes.filter((p) => !p.isThank).map((p) => ({ id: p.id, name: p.name }))}
      />
    </>
  );
}
