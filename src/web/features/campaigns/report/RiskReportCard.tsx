import { useMemo } from 'react';
import { Card, Col, Empty, Row, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanEdit } from '../../../app/useCanEdit';
import { TrendChart } from '../../linkAnalytics/TrendChart';
import { ReportFigures } from './ReportFigures';
import { countColumn, type Label } from './reportColumns';
import { RiskFlaggedTable } from './RiskFlaggedTable';
import { RiskHeldTable } from './RiskHeldTable';
import { RiskOffendersTabs } from './RiskOffendersTabs';
import {
  refusalLines,
  refusalsByRule,
  riskIsEmpty,
  ruleKey,
  totalRefusals,
  type RiskReport,
} from './riskReportTypes';
import { useRiskReport } from './useRiskReport';

/** Refusals by rule in all: each rule's name with a line on what it refused, and the count. */
function RefusalsByRuleTable({ report, r }: { report: RiskReport; r: Label }) {
  type Row = { rule: string; count: number };
  return (
    <Table<Row>
      size="small"
      rowKey="rule"
      pagination={false}
      dataSource={refusalsByRule(report.byRule)}
      locale={{ emptyText: r('noRefusals') }}
      data-testid="risk-rules"
      columns={[
        {
          title: r('rule'),
          dataIndex: 'rule',
          render: (rule: string) => (
            <>
              {r(`rules.${ruleKey(rule)}.name`, { defaultValue: rule })}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r(`rules.${ruleKey(rule)}.help`, { defaultValue: '' })}
              </Typography.Text>
            </>
          ),
        },
        countColumn<Row>(r('refused'), 'count'),
      ]}
    />
  );
}

/**
 * The campaign's risk section: what the risk rules and the project's blocklist refused (by rule,
 * and by day and rule), the keys refused most, the participants a device rule flagged and the
 * rewards on hold. Editors block a participant or a key and release a held reward from here.
 * Until anything is refused, flagged or held it says so, with no figures.
 */
export function RiskReportCard({ campaignId, campaignTitle }: { campaignId: string; campaignTitle: string }) {
  const { t } = useTranslation();
  const canEdit = useCanEdit();
  const r: Label = (key, params) => t(`campaigns:report.risk.${key}`, params);
  const { report, moveReward, blockParticipant, blockOffender } = useRiskReport(campaignId);
  const data = report.data;
  const lines = useMemo(
    () =>
      data
        ? refusalLines(data.days, (rule) =>
            t(`campaigns:report.risk.rules.${ruleKey(rule)}.name`, { defaultValue: rule }),
          )
        : [],
    [data, t],
  );

  let body;
  if (report.error) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={r('loadFailed')} />;
  else if (!data) body = <Skeleton active />;
  else if (riskIsEmpty(data))
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        data-testid="risk-empty"
        description={
          <>
            <Typography.Text strong>{r('emptyTitle')}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{r('emptyBody')}</Typography.Text>
          </>
        }
      />
    );
  else
    body = (
      <>
        <ReportFigures
          figures={[
            ['refusedTotal', totalRefusals(data)],
            ['flaggedTotal', data.flagged.length],
            ['heldTotal', data.held.length],
          ]}
          label={(key) => r(key)}
        />
        <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>{r('byRule')}</Typography.Title>
            <RefusalsByRuleTable report={data} r={r} />
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Title level={5}>{r('perDay')}</Typography.Title>
            <TrendChart label={r('perDay')} height={240} lines={lines} testId="risk-per-day" />
          </Col>
        </Row>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {r('offenders')}
        </Typography.Title>
        <RiskOffendersTabs
          report={data}
          r={r}
          onBlock={
            canEdit ? (o) => blockOffender(o, r('offenderNote', { campaign: campaignTitle })) : undefined
          }
        />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {r('flagged')}
        </Typography.Title>
        <RiskFlaggedTable flagged={data.flagged} r={r} onBlock={canEdit ? blockParticipant : undefined} />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {r('held')}
        </Typography.Title>
        <RiskHeldTable
          held={data.held}
          r={r}
          onRelease={canEdit ? (rewardId) => moveReward(rewardId, 'release') : undefined}
        />
      </>
    );

  return (
    <Card title={r('title')} data-testid="report-risk">
      {body}
    </Card>
  );
}
