import { useMemo } from 'react';
import { Card, Col, Empty, Row, Statistic, Table, Typography } from 'antd';
import type { G2Spec } from '@antv/g2';
import { useTranslation } from 'react-i18next';
import { G2Chart } from '../../../charts/G2Chart';
import { formatNumber } from '../../../charts/formatNumber';
import { TrendChart } from '../../linkAnalytics/TrendChart';
import type { CheckInReport } from '../reportTypes';
import { ExportButton } from './ExportButton';
import { countColumn, type Label } from './reportColumns';

const number = new Intl.NumberFormat();
type CycleDay = CheckInReport['cycle'][number];

interface StreakBar {
  bucket: string;
  kind: string;
  value: number;
}

/** Participants by streak bucket as paired bars: the streak of their last check-in and their longest. */
function streaksSpec(bars: StreakBar[]): G2Spec {
  return {
    type: 'interval',
    data: bars,
    encode: { x: 'bucket', y: 'value', color: 'kind' },
    transform: [{ type: 'dodgeX' }],
    axis: {
      x: { title: false },
      y: { title: false, labelFormatter: (value: number) => formatNumber(value) },
    },
    legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
    tooltip: { items: [{ channel: 'y', valueFormatter: (value: number) => formatNumber(value) }] },
  };
}

/** The streaks chart: participants by the streak of their last check-in and by their longest. */
function StreaksChart({ checkIn, r }: { checkIn: CheckInReport; r: Label }) {
  const { t } = useTranslation();
  const current = r('currentStreak');
  const longest = r('longestStreak');
  const bars = useMemo<StreakBar[]>(
    () =>
      checkIn.streaks.flatMap((b) => [
        { bucket: b.bucket, kind: current, value: b.current },
        { bucket: b.bucket, kind: longest, value: b.longest },
      ]),
    [checkIn.streaks, current, longest],
  );
  const spec = useMemo<G2Spec>(() => streaksSpec(bars), [bars]);
  return (
    <G2Chart
      spec={spec}
      height={240}
      label={r('streaks')}
      loadFailedText={t('analytics:chartFailed')}
      testId="report-checkin-streaks"
    />
  );
}

/** Check-ins per day: all of them, the on-time ones and the make-ups (on the day each filled). */
function CheckInsPerDayChart({ checkIn, r }: { checkIn: CheckInReport; r: Label }) {
  const names = { checkIns: r('checkIns'), onTime: r('onTime'), makeUps: r('makeUps') };
  const lines = useMemo(
    () =>
      (['checkIns', 'onTime', 'makeUps'] as const).map((key) => ({
        name: { checkIns: names.checkIns, onTime: names.onTime, makeUps: names.makeUps }[key],
        points: checkIn.days.map((d) => ({ time: d.date, value: d[key] })),
      })),
    [checkIn.days, names.checkIns, names.onTime, names.makeUps],
  );
  return <TrendChart label={r('perDay')} height={240} lines={lines} />;
}

/** How often each day of the cycle was filled, with that day's prize. */
function CycleTable({
  checkIn,
  prizeNames,
  r,
}: {
  checkIn: CheckInReport;
  prizeNames: Record<string, string>;
  r: Label;
}) {
  return (
    <Table
      size="small"
      rowKey="day"
      pagination={false}
      style={{ marginTop: 16 }}
      title={() => r('cycle', { days: checkIn.cycleDays })}
      dataSource={checkIn.cycle}
      columns={[
        { title: r('cycleDay'), dataIndex: 'day', render: (day: number) => r('dayN', { day }) },
        {
          title: r('prize'),
          dataIndex: 'prizeId',
          render: (id: string | null) => (id === null ? '-' : (prizeNames[id] ?? id)),
        },
        countColumn<CycleDay>(r('checkIns'), 'checkIns'),
      ]}
    />
  );
}

/**
 * A daily sign-in: check-ins in all and per day (on time and make-ups, a make-up on the day it
 * filled), participants by the streak of their last check-in and by their longest, and how often
 * each cycle day was filled with its prize.
 */
export function CheckInReportCard({
  checkIn,
  prizeNames,
  exportUrl,
}: {
  checkIn: CheckInReport;
  /** Prize names by id (the campaign's prizes). */
  prizeNames: Record<string, string>;
  exportUrl: string;
}) {
  const { t } = useTranslation();
  const r: Label = (key, params) => t(`campaigns:report.checkIn.${key}`, params);
  return (
    <Card title={r('title')} extra={<ExportButton url={exportUrl} />} data-testid="report-checkin">
      {checkIn.checkIns === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={r('none')} />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {(['participants', 'checkIns', 'onTime', 'makeUps'] as const).map((key) => (
              <Col key={key} xs={12} md={6}>
                <Statistic title={r(key)} value={number.format(checkIn[key])} />
              </Col>
            ))}
          </Row>
          <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{r('perDay')}</Typography.Title>
              <CheckInsPerDayChart checkIn={checkIn} r={r} />
            </Col>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{r('streaks')}</Typography.Title>
              <StreaksChart checkIn={checkIn} r={r} />
            </Col>
          </Row>
          <CycleTable checkIn={checkIn} prizeNames={prizeNames} r={r} />
        </>
      )}
    </Card>
  );
}
