import { Card, Col, Descriptions, Empty, Progress, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RaiseReport } from '../reportTypes';
import { ExportButton } from './ExportButton';
import { ReportFigures } from './ReportFigures';
import { countColumn, type Label } from './reportColumns';

const number = new Intl.NumberFormat();
const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A stage of the raising with its conversion from the stage before and from adoption. */
type FunnelStep = RaiseReport['funnel'][number] & { fromPrevious: number; fromAdopted: number };

/** Pets by the highest stage they reached, each stage with its conversion from the one before and from adoption. */
function raiseFunnel(raise: RaiseReport): FunnelStep[] {
  return raise.funnel.map((step, i) => ({
    ...step,
    fromPrevious: i === 0 ? 100 : share(step.pets, raise.funnel[i - 1].pets),
    fromAdopted: share(step.pets, raise.pets),
  }));
}

/** The stage funnel: pets per stage and each stage's conversion. */
function RaiseFunnelTable({ raise, r }: { raise: RaiseReport; r: Label }) {
  return (
    <Table<FunnelStep>
      size="small"
      rowKey="step"
      pagination={false}
      title={() => r('funnel')}
      dataSource={raiseFunnel(raise)}
      columns={[
        { title: r('step'), dataIndex: 'step', render: (step: string) => r(`steps.${step}`) },
        countColumn<FunnelStep>(r('pets'), 'pets'),
        {
          title: r('fromPrevious'),
          key: 'previous',
          render: (_, row) => <Progress percent={row.fromPrevious} size="small" />,
        },
        {
          title: r('fromAdopted'),
          dataIndex: 'fromAdopted',
          align: 'right',
          render: (n: number) => `${n}%`,
        },
      ]}
    />
  );
}

/** Failed pets by cause, revivals, friends' helps and the grown pets' rewards, one line each. */
function RaiseDetails({ raise, r }: { raise: RaiseReport; r: Label }) {
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      title={r('details')}
      items={[
        {
          key: 'failures',
          label: r('failures'),
          children: r('failuresValue', {
            starved: number.format(raise.failures.starved),
            timeout: number.format(raise.failures.timeout),
          }),
        },
        {
          key: 'revivals',
          label: r('revivals'),
          children: r('revivalsValue', {
            revivals: number.format(raise.revivals.revivals),
            pets: number.format(raise.revivals.pets),
          }),
        },
        {
          key: 'helps',
          label: r('helps'),
          children: r('helpsValue', {
            given: number.format(raise.helps.given),
            succeeded: number.format(raise.helps.succeeded),
            helpers: number.format(raise.helps.helpers),
            pets: number.format(raise.helps.pets),
          }),
        },
        {
          key: 'rewards',
          label: r('rewards'),
          children: r('rewardsValue', {
            given: number.format(raise.rewards.given),
            notGiven: number.format(raise.rewards.outOfStock + raise.rewards.overBudget),
          }),
        },
      ]}
    />
  );
}

/**
 * A raising: pets by the highest stage they reached (each step's conversion from the one before
 * and from adoption), pets by status now with the failed ones by cause, revivals, friends' helps
 * and the grown pets' rewards.
 */
export function RaiseReportCard({ raise, exportUrl }: { raise: RaiseReport; exportUrl: string }) {
  const { t } = useTranslation();
  const r: Label = (key, params) => t(`campaigns:report.raise.${key}`, params);
  const figures: [string, number][] = [
    ['pets', raise.pets],
    ['growing', raise.status.growing],
    ['failed', raise.status.failed],
    ['grown', raise.status.grown],
    ['events', raise.events],
  ];
  return (
    <Card title={r('title')} extra={<ExportButton url={exportUrl} />} data-testid="report-raise">
      {raise.pets === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={r('none')} />
      ) : (
        <>
          <ReportFigures figures={figures} label={(key) => r(key)} />
          <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} lg={14}>
              <RaiseFunnelTable raise={raise} r={r} />
            </Col>
            <Col xs={24} lg={10}>
              <RaiseDetails raise={raise} r={r} />
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}
