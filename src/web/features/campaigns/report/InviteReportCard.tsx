import { Card, Col, Progress, Row, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InviteReport } from '../reportTypes';
import { ExportButton } from './ExportButton';
import { ReportFigures } from './ReportFigures';

const number = new Intl.NumberFormat();
const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * A referral's invites as the server decided them: the funnel from invited to counted (each step's
 * conversion from the one before), the deepest invite chain, invites per inviter, refusals by
 * reason, and the top inviters.
 */
export function InviteReportCard({
  invite,
  fissionUrl,
  invitesUrl,
}: {
  invite: InviteReport;
  fissionUrl: string;
  invitesUrl: string;
}) {
  const { t } = useTranslation();
  const r = (key: string, params?: Record<string, unknown>) => t(`campaigns:report.${key}`, params);
  const figures: [string, number][] = [
    ['inviteInvites', invite.invites],
    ['inviteInviters', invite.inviters],
    ['inviteQualified', invite.qualified],
    ['inviteDepth', invite.maxDepth],
    ['inviteOverBudget', invite.overBudget],
  ];
  const funnel = invite.funnel.map((step, i) => ({
    ...step,
    fromPrevious: i === 0 ? 100 : share(step.invites, invite.funnel[i - 1].invites),
    fromInvited: share(step.invites, invite.invites),
  }));
  return (
    <Card
      title={r('invite')}
      extra={
        <Space>
          <ExportButton url={fissionUrl} />
        </Space>
      }
      data-testid="report-invite"
    >
      <ReportFigures figures={figures} label={(key) => r(key)} />
      <Row gutter={[24, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <Table
            size="small"
            rowKey="step"
            pagination={false}
            title={() => r('inviteFunnel')}
            dataSource={funnel}
            columns={[
              {
                title: r('inviteStep'),
                dataIndex: 'step',
                render: (step: string) => r(`inviteSteps.${step}`),
              },
              {
                title: r('inviteCount'),
                dataIndex: 'invites',
                align: 'right',
                render: (n: number) => number.format(n),
              },
              {
                title: r('inviteFromPrevious'),
                key: 'previous',
                render: (_, row) => <Progress percent={row.fromPrevious} size="small" />,
              },
              {
                title: r('inviteFromInvited'),
                dataIndex: 'fromInvited',
                align: 'right',
                render: (n: number) => `${n}%`,
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={10}>
          <Table
            size="small"
            rowKey="bucket"
            pagination={false}
            title={() => r('invitePerInviter')}
            dataSource={invite.perInviter}
            columns={[
              { title: r('inviteBucket'), dataIndex: 'bucket' },
              { title: r('inviteInviters'), dataIndex: 'inviters', align: 'right' },
            ]}
          />
          <Space wrap style={{ marginTop: 12 }} aria-label={r('inviteRefused')}>
            {(Object.keys(invite.refused) as (keyof InviteReport['refused'])[]).map((reason) => (
              <Tag key={reason} color={invite.refused[reason] > 0 ? 'red' : undefined}>
                {r(`inviteRefusals.${reason}`, { count: invite.refused[reason] })}
              </Tag>
            ))}
          </Space>
        </Col>
      </Row>
      <Table
        size="small"
        rowKey="participantCode"
        pagination={false}
        style={{ marginTop: 16 }}
        title={() => (
          <Space>
            {r('inviteTop')}
            <ExportButton url={invitesUrl} />
          </Space>
        )}
        dataSource={invite.top}
        locale={{ emptyText: r('inviteNone') }}
        columns={[
          { title: r('metric.rank'), dataIndex: 'rank', width: 64 },
          { title: r('metric.participantCode'), dataIndex: 'participantCode' },
          { title: r('metric.userId'), dataIndex: 'userId', render: (v: string | null) => v ?? '-' },
          { title: r('inviteInvites'), dataIndex: 'invited', align: 'right' },
          { title: r('inviteSteps.installed'), dataIndex: 'installed', align: 'right' },
          { title: r('inviteSteps.registered'), dataIndex: 'registered', align: 'right' },
          { title: r('inviteQualified'), dataIndex: 'qualified', align: 'right' },
          { title: r('inviteRefused'), dataIndex: 'refused', align: 'right' },
          { title: r('inviteRewards'), dataIndex: 'rewards', align: 'right' },
        ]}
      />
    </Card>
  );
}
