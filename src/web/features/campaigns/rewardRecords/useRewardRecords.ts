import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { RequestError } from '../../../api/RequestError';
import { useSession } from '../../../session/useSession';
import type { RewardDetail, RewardRow } from './rewardTypes';

export const REWARD_PAGE_SIZE = 20;

/** The list's filters as a query: the campaign, then each filter that is set. */
export function rewardFilters(filters: {
  campaignId: string;
  status?: string;
  prizeId?: string;
  userId?: string;
}): URLSearchParams {
  const { campaignId, status, prizeId, userId } = filters;
  return new URLSearchParams({
    campaignId,
    ...(status ? { status } : {}),
    ...(prizeId ? { prizeId } : {}),
    ...(userId ? { userId } : {}),
  });
}

/**
 * A campaign's reward records: a page of the filtered list (each filter change goes back to the
 * first page), the record open in the drawer with its deliveries, and `move`, an operator's award
 * or reissue, toasted and followed by a reload of both.
 */
export function useRewardRecords(campaignId: string) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [status, setStatus] = useState<string>();
  const [prizeId, setPrizeId] = useState<string>();
  const [userId, setUserId] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string>();
  const filters = rewardFilters({ campaignId, status, prizeId, userId });
  const list = useSWR<{ items: RewardRow[]; total: number }>(
    `/api/rewards?${filters}&page=${page}&pageSize=${REWARD_PAGE_SIZE}`,
  );
  const detail = useSWR<RewardDetail>(open ? `/api/rewards/${encodeURIComponent(open)}` : null);
  const statusText = (value: string) => t(`campaigns:rewards.status.${value}`, { defaultValue: value });

  async function move(row: RewardRow, kind: 'award' | 'reissue') {
    try {
      const answer = await client.post<RewardDetail>(
        `/api/rewards/${encodeURIComponent(row.id)}/${kind}`,
        {},
        { silent: true },
      );
      void message.success(t(`campaigns:rewards.${kind}Done`, { status: statusText(answer.awardStatus) }));
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      void message.error(error.message);
    }
    void list.mutate();
    if (open === row.id) void detail.mutate();
  }

  /** Sets one filter and goes back to the first page. */
  const filterBy =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return {
    status,
    prizeId,
    filterStatus: filterBy(setStatus),
    filterPrize: filterBy(setPrizeId),
    filterUser: filterBy((value: string) => setUserId(value.trim())),
    filters,
    page,
    setPage,
    list,
    open,
    setOpen,
    detail: detail.data,
    statusText,
    move,
  };
}
