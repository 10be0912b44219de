import { Card, Col, Descriptions, Empty, Progress, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TrendChart } from '../linkAnalytics/TrendChart';
import { ReportTableCard } from './ReportTableCard';
import type { Participation } from './reportTypes';
import { ExportButton } from './report/ExportButton';
import { ReportUsersCard } from './report/ReportUsersCard';
import { QuizReportCard } from './report/QuizReportCard';
import { InviteReportCard } from './report/InviteReportCard';
import { ContestReportCard } from './report/ContestReportCard';
import { CollectReportCard } from './report/CollectReportCard';
import { PoolReportCard } from './report/PoolReportCard';
import { CheckInReportCard } from './report/CheckInReportCard';
import { TaskReportCard } from './report/TaskReportCard';
import { DiceReportCard } from './report/DiceReportCard';
import { RaiseReportCard } from './report/RaiseReportCard';
import { PredictReportCard } from './predict/PredictReportCard';
import { RewardRecordsCard } from './rewardRecords/RewardRecordsCard';
import { useCampaignTime } from './report/campaignClock';

const number = new Intl.NumberFormat();

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
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  const exportUrl = (section: string) =>
    `/api/campaigns/${encodeURIComponent(campaignId)}/report/export?section=${section}`;
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
  const m = (key: string) => t(`campaigns:report.metric.${key}`, { defaultValue: key });
  const totals = Object.entries(participation.totals ?? {});
  const trend = participation.trend ?? [];
  const prizes = participation.prizes ?? [];
  return (
    <>
      <Row gutter={[16, 16]} data-testid="report-totals">
        {totals.map(([key, value]) => (
          <Col key={key} xs={12} md={8} lg={6} xl={3}>
            <Card>
              <Statistic title={m(key)} value={value} formatter={(raw) => number.format(Number(raw))} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        title={t('campaigns:report.trend')}
        extra={<ExportButton url={exportUrl('trend')} />}
        data-testid="report-trend"
      >
        <TrendChart
          label={t('campaigns:report.trend')}
          height={260}
          lines={(['draws', 'participants', 'winners'] as const).map((key) => ({
            name: m(key),
            points: trend.map((row) => ({ time: row.date, value: row[key] })),
          }))}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={t('campaigns:report.prizes')}
            extra={<ExportButton url={exportUrl('prizes')} />}
            data-testid="report-prizes"
          >
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={prizes}
              columns={[
                { title: m('name'), dataIndex: 'name' },
                { title: m('odds'), render: (_, p) => (p.odds === null ? '-' : `${p.odds}%`) },
                { title: m('issued'), dataIndex: 'issued', align: 'right' },
                {
                  title: m('stock'),
                  render: (_, p) =>
                    p.isThank ? (
                      '-'
                    ) : p.stock === null ? (
                      t('campaigns:report.unlimited')
                    ) : (
                      <span style={{ display: 'inline-block', minWidth: 140 }}>
                        {t('campaigns:report.stockLeft', { left: p.left, stock: p.stock })}
                        <Progress
                          percent={p.stock ? Math.round((p.issued / p.stock) * 100) : 100}
                          size="small"
                          showInfo={false}
                        />
                      </span>
                    ),
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('campaigns:report.fission')} data-testid="report-fission">
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'inviters',
                  label: m('inviters'),
                  children: number.format(participation.fission?.inviters ?? 0),
                },
                {
                  key: 'invited',
                  label: m('invited'),
                  children: number.format(participation.fission?.invited ?? 0),
                },
                {
                  key: 'depth',
                  label: m('maxDepth'),
                  children: number.format(participation.fission?.maxDepth ?? 0),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card
            title={t('campaigns:report.winners')}
            extra={<ExportButton url={exportUrl('winners')} />}
            data-testid="report-winners"
          >
            <Table
              size="small"
              rowKey="rewardId"
              dataSource={participation.winners ?? []}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: m('time'), render: (_, w) => formatTime(w.time) },
                { title: m('userId'), render: (_, w) => w.userId ?? w.participantCode },
                { title: m('prize'), dataIndex: 'prizeName' },
                {
                  title: m('awardStatus'),
                  render: (_, w) =>
                    t(`campaigns:rewards.status.${w.awardStatus}`, { defaultValue: w.awardStatus }),
                },
              ]}
            />
          </Card>
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
      {participation.predict ? (
        <PredictReportCard predict={participation.predict} exportUrl={exportUrl('predict')} />
      ) : null}
      {participation.quiz ? <QuizReportCard quiz={participation.quiz} exportUrl={exportUrl('quiz')} /> : null}
      {participation.pool ? <PoolReportCard pool={participation.pool} exportUrl={exportUrl('pool')} /> : null}
      {participation.checkIn ? (
        <CheckInReportCard
          checkIn={participation.checkIn}
          prizeNames={Object.fromEntries(prizes.map((p) => [p.id, p.name]))}
          exportUrl={exportUrl('checkIn')}
        />
      ) : null}
      {participation.tasks ? (
        <TaskReportCard tasks={participation.tasks} exportUrl={exportUrl('tasks')} />
      ) : null}
      {participation.dice ? (
        <DiceReportCard
          dice={participation.dice}
          prizeNames={Object.fromEntries(prizes.map((p) => [p.id, p.name]))}
          exportUrl={exportUrl('dice')}
        />
      ) : null}
      {participation.raise ? (
        <RaiseReportCard raise={participation.raise} exportUrl={exportUrl('raise')} />
      ) : null}
      {participation.collect ? (
        <CollectReportCard collect={participation.collect} exportUrl={exportUrl('collect')} />
      ) : null}
      {participation.contest ? (
        <ContestReportCard
          campaignId={campaignId}
          initial={participation.contest}
          exportUrl={exportUrl('contest')}
        />
      ) : null}
      {participation.invite ? (
        <InviteReportCard
          invite={participation.invite}
          fissionUrl={exportUrl('fission')}
          invitesUrl={exportUrl('invites')}
        />
      ) : null}
      <ReportUsersCard campaignId={campaignId} />
      <RewardRecordsCard
        campaignId={campaignId}
        prizes={prizes.filter((p) => !p.isThank).map((p) => ({ id: p.id, name: p.name }))}
      />
    </>
  );
}
