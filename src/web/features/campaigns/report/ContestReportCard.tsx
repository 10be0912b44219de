import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR, { type KeyedMutator } from 'swr';
import { RequestError } from '../../../api/RequestError';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { useCampaignTime, useNow } from './campaignClock';
import type { ContestView } from '../reportTypes';
import { ExportButton } from './ExportButton';
import type { Label } from './reportColumns';

/** "Settle now": gives the rank rewards by hand and shows the settlement the server returns. */
function useSettleContest(url: string, mutate: KeyedMutator<ContestView | null>, c: Label) {
  const { message } = App.useApp();
  const { client } = useSession();
  const [busy, setBusy] = useState(false);
  async function settle() {
    setBusy(true);
    try {
      void mutate(await client.post<ContestView>(`${url}/settle`, {}, { silent: true }), {
        revalidate: false,
      });
      void message.success(c('settledNow'));
    } catch (cause) {
      if (!(cause instanceof RequestError)) throw cause;
      void message.error(cause.message);
    } finally {
      setBusy(false);
    }
  }
  return { busy, settle };
}

/** The settle button behind its confirmation, with when the contest ends or that it waits to be settled. */
function ContestSettleBar({
  endsAt,
  ended,
  busy,
  disabled,
  settle,
  c,
}: {
  endsAt: string;
  ended: boolean;
  busy: boolean;
  disabled: boolean;
  settle: () => void;
  c: Label;
}) {
  const formatTime = useCampaignTime();
  return (
    <Space wrap>
      <Popconfirm title={c('confirmSettle')} disabled={!ended} onConfirm={settle}>
        <Button type="primary" loading={busy} disabled={disabled || !ended} data-testid="contest-settle">
          {c('settle')}
        </Button>
      </Popconfirm>
      <Typography.Text type="secondary">
        {ended ? c('endedWaiting') : c('endsAt', { time: formatTime(endsAt) })}
      </Typography.Text>
    </Space>
  );
}

/** The contest's ranking: per rank the participant, their counted invites, the last one's time and the prize. */
function ContestRankingTable({ ranking, c }: { ranking: ContestView['ranking']; c: Label }) {
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="rank"
      pagination={false}
      dataSource={ranking}
      locale={{ emptyText: c('empty') }}
      columns={[
        { title: t('campaigns:report.metric.rank'), dataIndex: 'rank', width: 64 },
        { title: t('campaigns:report.metric.participantCode'), dataIndex: 'participantCode' },
        {
          title: t('campaigns:report.metric.userId'),
          dataIndex: 'userId',
          render: (v: string | null) => v ?? '-',
        },
        { title: c('invites'), dataIndex: 'invites', align: 'right' },
        { title: c('lastAt'), dataIndex: 'lastAt', render: (v: string) => formatTime(v) },
        { title: c('prize'), dataIndex: 'prizeId', render: (v: string | null) => v ?? '-' },
      ]}
    />
  );
}

/**
 * An invite contest's ranking (the bound referral's counted invites during the contest) and its
 * settlement: the scheduler gives the rank rewards at the end; "Settle now" does it by hand once
 * the contest has ended. Either way it happens once.
 */
export function ContestReportCard({
  campaignId,
  initial,
  exportUrl,
}: {
  campaignId: string;
  initial: ContestView;
  exportUrl: string;
}) {
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  const canEdit = useCanEdit();
  const url = `/api/campaigns/${encodeURIComponent(campaignId)}/contest`;
  const { data = initial, mutate } = useSWR<ContestView | null>(url, { fallbackData: initial });
  const c: Label = (key, params) => t(`campaigns:report.contest.${key}`, params);
  const { busy, settle } = useSettleContest(url, mutate, c);
  const now = useNow(5000);
  if (!data) return null;
  const ended = now >= Date.parse(data.endsAt);

  return (
    <Card title={c('title')} extra={<ExportButton url={exportUrl} />} data-testid="report-contest">
      <Space direction="vertical" style={{ width: '100%' }}>
        {!data.tracksInvites ? <Alert type="warning" showIcon message={c('noReferral')} /> : null}
        <Typography.Text type="secondary">
          {c('rules', { count: data.minInvites, definition: t(`wizard:enum.${data.newUserDefinition}`) })}
        </Typography.Text>
        {data.settlement ? (
          <Alert
            type="success"
            showIcon
            data-testid="contest-settlement"
            message={c('settledLine', {
              time: formatTime(data.settlement.settledAt),
              count: data.settlement.winners,
              ranked: data.settlement.ranked,
            })}
          />
        ) : (
          <ContestSettleBar
            endsAt={data.endsAt}
            ended={ended}
            busy={busy}
            disabled={!canEdit}
            settle={() => void settle()}
            c={c}
          />
        )}
        <ContestRankingTable ranking={data.ranking} c={c} />
      </Space>
    </Card>
  );
}
