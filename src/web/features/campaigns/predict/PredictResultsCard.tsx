import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Popconfirm, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { RequestError } from '../../../api/RequestError';
import { useCanEdit } from '../../../app/useCanEdit';
import { useSession } from '../../../session/useSession';
import { useCampaignTime } from '../report/campaignClock';
import type { CampaignDetail } from '../campaignTypes';
import { settleBlock, type PredictConsoleView } from './predictCard';
import { MatchPicks } from './MatchPicks';

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
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  // The clock the settle button reads: it turns on by itself when picks close.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 2000);
    return () => clearInterval(timer);
  }, []);
  const p = (key: string, params?: Record<string, unknown>) => t(`campaigns:predict.${key}`, params);

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

  if (error)
    return (
      <Card title={p('title')}>
        <Alert type="error" showIcon message={error instanceof Error ? error.message : String(error)} />
      </Card>
    );
  if (!data) return <Card title={p('title')} loading />;
  const blocked = settleBlock(data, now);
  const settled = data.settlement !== null;
  return (
    <Card title={p('title')} data-testid="predict-card">
      <Typography.Paragraph type="secondary">
        {data.mode === 'voting' ? p('helpVoting') : p('help')}
      </Typography.Paragraph>
      <Typography.Paragraph>
        {p('closesAt', { time: formatTime(data.closesAt) })} · {p('pickers', { count: data.pickers })}
      </Typography.Paragraph>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {data.matches.map((match) => {
          const picked = choice[match.id] ?? match.result ?? undefined;
          const label = match.options.find((o) => o.id === picked)?.label ?? '';
          return (
            <div key={match.id} data-testid="predict-match" data-match-id={match.id}>
              <MatchPicks match={match} />
              {data.mode === 'prediction' ? (
                <Space style={{ marginTop: 8 }}>
                  <Select
                    data-testid="predict-result-select"
                    style={{ minWidth: 180 }}
                    placeholder={p('choose')}
                    value={picked}
                    disabled={!canEdit || settled}
                    options={match.options.map((o) => ({ value: o.id, label: o.label }))}
                    onChange={(value: string) => setChoice({ ...choice, [match.id]: value })}
                  />
                  <Popconfirm
                    title={p('confirmResult', { option: label, match: match.title })}
                    disabled={!picked || picked === match.result}
                    onConfirm={() =>
                      send(
                        match.id,
                        () =>
                          client.put(
                            `${url}/results/${encodeURIComponent(match.id)}`,
                            { optionId: picked },
                            { silent: true },
                          ),
                        p('resultSaved'),
                      )
                    }
                  >
                    <Button
                      data-testid="predict-save-result"
                      loading={busy === match.id}
                      disabled={!canEdit || settled || !picked || picked === match.result}
                    >
                      {p('saveResult')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null}
            </div>
          );
        })}
        {settled && data.settlement ? (
          <Alert
            type="success"
            showIcon
            data-testid="predict-settlement"
            message={p('settledLine', {
              time: formatTime(data.settlement.settledAt),
              count: data.settlement.winners,
              qualified: data.settlement.qualified,
            })}
            description={
              data.settlement.by ? p('settledBy', { name: data.settlement.by }) : p('settledByScheduler')
            }
          />
        ) : (
          <Space wrap>
            <Popconfirm
              title={p('confirmSettle')}
              disabled={blocked !== null}
              onConfirm={() =>
                send('settle', () => client.post(`${url}/settle`, {}, { silent: true }), p('settledNow'))
              }
            >
              <Button
                type="primary"
                data-testid="predict-settle"
                loading={busy === 'settle'}
                disabled={!canEdit || blocked !== null}
              >
                {p('settle')}
              </Button>
            </Popconfirm>
            {blocked === 'results' ? (
              <Typography.Text type="secondary">{p('needResults')}</Typography.Text>
            ) : null}
            {blocked === 'early' ? (
              <Typography.Text type="secondary">
                {p('tooEarly', { time: formatTime(data.closesAt) })}
              </Typography.Text>
            ) : null}
          </Space>
        )}
      </Space>
    </Card>
  );
}
