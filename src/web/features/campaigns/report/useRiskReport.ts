import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { RequestError } from '../../../api/RequestError';
import { useSession } from '../../../session/useSession';
import { RISK_API } from '../../risk/riskTypes';
import { freshQuery } from '../freshQuery';
import { blockKindOf, riskReportUrl, type RiskOffender, type RiskReport } from './riskReportTypes';

/** Every reward list of the console (`GET /api/rewards?...`), to refresh after a hold or release. */
const isRewardList = (key: unknown) => typeof key === 'string' && key.startsWith('/api/rewards?');

/**
 * A campaign's risk section and the operator's decisions from it: hold or release a reward, block
 * a participant (their user id, or an anonymous one's device) or an offending key. Each decision is
 * toasted (the server's own words when it refuses) and followed by a reload of the section, the
 * reward lists and the project's risk lists.
 */
export function useRiskReport(campaignId: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const { mutate } = useSWRConfig();
  const url = riskReportUrl(campaignId);
  const report = useSWR<RiskReport>(campaignId ? url : null, freshQuery);

  async function refresh() {
    await Promise.all([
      report.mutate(),
      mutate(isRewardList),
      mutate((key) => typeof key === 'string' && key.startsWith(RISK_API)),
    ]);
  }

  /** Runs a decision: its success text, or the server's refusal; then everything is read again. */
  async function decide(send: () => Promise<string>) {
    try {
      void message.success(await send());
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      void message.error(error.message);
    }
    await refresh();
  }

  const rewardUrl = (rewardId: string, move: 'hold' | 'release') =>
    `/api/campaigns/${encodeURIComponent(campaignId)}/rewards/${encodeURIComponent(rewardId)}/${move}`;

  return {
    report,
    /** Puts a pending reward on hold, or releases a held one. */
    moveReward: (rewardId: string, move: 'hold' | 'release') =>
      decide(async () => {
        await client.post(rewardUrl(rewardId, move), {}, { silent: true });
        return t(`campaigns:report.risk.${move}Done`);
      }),
    /** Blocks a participant from the project (the server picks their user id, or their device). */
    blockParticipant: (participantCode: string) =>
      decide(async () => {
        const blocked = await client.post<{ kind: string; value: string }>(
          `/api/campaigns/${encodeURIComponent(campaignId)}/participants/${encodeURIComponent(participantCode)}/block`,
          {},
          { silent: true },
        );
        return t('campaigns:report.risk.blockedAs', {
          kind: t(`campaigns:report.risk.blockKind.${blocked.kind}`),
          value: blocked.value,
        });
      }),
    /** Puts an offending key on the project's blocklist, noted with the campaign. */
    blockOffender: (offender: RiskOffender, note: string) =>
      decide(async () => {
        const kind = blockKindOf(offender.kind);
        if (!kind) throw new Error(`no blocklist kind for ${offender.kind}`);
        const answer = await client.post<{ added: unknown[]; duplicates: string[] }>(
          '/api/risk/blocklist',
          { kind, values: [offender.value], note },
          { silent: true },
        );
        return t(
          answer.added.length > 0
            ? 'campaigns:report.risk.offenderBlocked'
            : 'campaigns:report.risk.alreadyBlocked',
          { value: offender.value },
        );
      }),
  };
}
