import { Card, Col, Progress, Row, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InviteReport } from '../reportTypes';
import { ExportButton } from './ExportButton';
import { ReportFigures } from './ReportFigures';
import { countColumn, type Label } from './reportColumns';

const share = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** A funnel step with its conversion from the step before and from all invites. */
type FunnelStep = InviteReport['funnel'][number] & { fromPrevious: number; fromInvited: number };

/** The invite funnel's steps, each with its conversion from the one before and from all invites. */
function inviteFunnel(invite: InviteReport): FunnelStep[] {
  return invite.funnel.map((step, i) => ({
    ...step,
    fromPrevious: i === 0 ? 100 : share(step.invites, invite.funnel[i - 1].invites),
    fromInvited: share(step.invites, invite.invites),
  }));
}

/** The funnel from invited to counted: invites per step and each step's conversion. */
function InviteFunnelTable({ invite, r }: { invite: InviteReport; r: Label }) {
  return (
    <Table<FunnelStep>
      size="small"
      rowKey="step"
      pagination={false}
      title={() => r('inviteFunnel')}
      dataSource={inviteFunnel(invite)}
      columns={[
        {
          title: r('inviteStep'),
          dataIndex: 'step',
          render: (step: string) => r(`inviteSteps.${step}`),
        },
        countColumn<FunnelStep>(r('inviteCount'), 'invites'),
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
  );
}

/** Inviters by how many they invited, and the invites refused by reason as tags. */
function InvitersAndRefusals({ invite, r }: { invite: InviteReport; r: Label }) {
  return (
    <>
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
    </>
  );
}

/** The top inviters: their invites at each step, refusals and rewards, with the invites' export. */
function TopInvitersTable({ invite, invitesUrl, r }: { invite: InviteReport; invitesUrl: string; r: Label }) {
  return (
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
  );
}

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
  const r: Label = (key, params) => t(`campaigns:report.${key}`, params);
  const figures: [string, number][] = [
    ['inviteInvites', invite.invites],
    ['inviteInviters', invite.inviters],
    ['inviteQualified', invite.qualified],
    ['inviteDepth', invite.maxDepth],
    ['inviteOverBudget', invite.overBudget],
  ];
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
          <InviteFunnelTable invite={invite} r={r} />
        </Col>
        <Col xs={24} lg={10}>
          <InvitersAndRefusals invite={invite} r={r} />
        </Col>
      </Row>
      <TopInvitersTable invite={invite} invitesUrl={invitesUrl} r={r} />
    </Card>
  );
}
