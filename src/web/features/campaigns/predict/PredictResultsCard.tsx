import { useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { RequestError } from '../../../api/RequestError';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { useCampaignTime, useNow } from '../report/campaignClock';
import type { Label } from '../report/reportColumns';
import type { CampaignDetail } from '../campaignTypes';
import { settleBlock, type PredictConsoleView } from './predictCard';
import { MatchPicks } from './MatchPicks';

type Match = PredictConsoleView['matches'][number];
type Settlement = NonNullable<PredictConsoleView['settlement']>;

/** A match's result: an option picked, saved behind a confirmation naming it. */
function MatchResult({
  match,
  disabled,
  busy,
  save,
  p,
}: {
  match: Match;
  disabled: boolean;
  busy: boolean;
  save: (optionId: string) => void;
  p: Label;
}) {
  const [choice, setChoice] = useState<string>();
  const picked = choice ?? match.result ?? undefined;
  const label = match.options.find((o) => o.id === picked)?.label ?? '';
  return (
    <Space style={{ marginTop: 8 }}>
      <Select
        data-testid="predict-result-select"
        style={{ minWidth: 180 }}
        placeholder={p('choose')}
        value={picked}
        disabled={disabled}
        options={match.options.map((o) => ({ value: o.id, label: o.label }))}
        onChange={(value: string) => setChoice(value)}
      />
      <Popconfirm
        title={p('confirmResult', { option: label, match: match.title })}
        disabled={!picked || picked === match.result}
        onConfirm={() => picked && save(picked)}
      >
        <Button
          data-testid="predict-save-result"
          loading={busy}
          disabled={disabled || !picked || picked === match.result}
        >
          {p('saveResult')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** Who settled the prediction, when, and how many of the qualified won. */
function SettledLine({ settlement, p }: { settlement: Settlement; p: Label }) {
  const formatTime = useCampaignTime();
  return (
    <Alert
      type="success"
      showIcon
      data-testid="predict-settlement"
      message={p('settledLine', {
        time: formatTime(settlement.settledAt),
        count: settlement.winners,
        qualified: settlement.qualified,
      })}
      description={settlement.by ? p('settledBy', { name: settlement.by }) : p('settledByScheduler')}
    />
  );
}

/** "Settle now" behind a confirmation, with why it cannot run yet beside it. */
function SettleBar({
  blocked,
  closesAt,
  disabled,
  busy,
  settle,
  p,
}: {
  blocked: ReturnType<typeof settleBlock>;
  closesAt: string;
  disabled: boolean;
  busy: boolean;
  settle: () => void;
  p: Label;
}) {
  const formatTime = useCampaignTime();
  return (
    <Space wrap>
      <Popconfirm title={p('confirmSettle')} disabled={blocked !== null} onConfirm={settle}>
        <Button
          type="primary"
          data-testid="predict-settle"
          loading={busy}
          disabled={disabled || blocked !== null}
        >
          {p('settle')}
        </Button>
      </Popconfirm>
      {blocked === 'results' ? <Typography.Text type="secondary">{p('needResults')}</Typography.Text> : null}
      {blocked === 'early' ? (
        <Typography.Text type="secondary">{p('tooEarly', { time: formatTime(closesAt) })}</Typography.Text>
      ) : null}
    </Space>
  );
}

/**
 * A prediction's results and settlement: picks per option, the result of each match (entered
 * behind a confirmation, changeable until settled), and "Settle now" once every result is in and
 * picks have closed. The server also settles by itself at the draw time once every result is in;
 * settling happens once either way.
 */
export function PredictResultsCard({ campaign }: { campaign: CampaignDetail }) {
  const formatTime = useCampaignTime();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const canEdit = useCanEdit();
  const url = `/api/campaigns/${encodeURIComponent(campaign.id)}/predict`;
  const { data, error, mutate } = useSWR<PredictConsoleView | null>(url);
  const [busy, setBusy] = useState<string | null>(null);
  const now = useNow(2000);
  const p: Label = (key, params) => t(`campaigns:predict.${key}`, params);

  async function send(key: string, work: () => Promise<PredictConsoleView>, done: string) {
    setBusy(key);
    try {
      void mutate(await work(), { revalidate: false });
      void message.success(done);
    } catch (cause) {
      if (!(cause instanceof RequestError)) throw cause;
      void message.error(cause.message);
    } finally {
      setBusy(null);
    }
  }
  const saveResult = (matchId: string, optionId: string) =>
    void send(
      matchId,
      () => client.put(`${url}/results/${encodeURIComponent(matchId)}`, { optionId }, { silent: true }),
      p('resultSaved'),
    );
  const settle = () =>
    void send('settle', () => client.post(`${url}/settle`, {}, { silent: true }), p('settledNow'));

  if (error)
    return (
      <Card title={p('title')}>
        <Alert type="error" showIcon message={error instanceof Error ? error.message : String(error)} />
      </Card>
    );
  if (!data) return <Card title={p('title')} loading />;
  return (
    <Card title={p('title')} data-testid="predict-card">
      <Typography.Paragraph type="secondary">
        {data.mode === 'voting' ? p('helpVoting') : p('help')}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {p('closesAt', { time: formatTime(data.closesAt) })} · {p('pickers', { count: data.pickers })}
      </Typography.Paragraph>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {data.matches.map((match) => (
          <div key={match.id} data-testid="predict-match" data-match-id={match.id}>
            <MatchPicks match={match} />
            {data.mode === 'prediction' ? (
              <MatchResult
                match={match}
                disabled={!canEdit || data.settlement !== null}
                busy={busy === match.id}
                save={(optionId) => saveResult(match.id, optionId)}
                p={p}
              />
            ) : null}
          </div>
        ))}
        {data.settlement ? (
          <SettledLine settlement={data.settlement} p={p} />
        ) : (
          <SettleBar
            blocked={settleBlock(data, now)}
            closesAt={data.closesAt}
            disabled={!canEdit}
            busy={busy === 'settle'}
            settle={settle}
            p={p}
          />
        )}
      </Space>
    </Card>
  );
}
