import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { act, draw, loadPage, PlayApiError, share, submitRewardForm, type ApiOptions } from '../api/playApi';
import type { DrawAnswer, PageData, PlayerView, PlayPrize, RewardView } from '../api/playTypes';
import type { T } from '../i18n/texts';
import type { DrawResult } from '../renderers';
import type { Launch } from '../session/readLaunch';

/** The line the page says: a result, a copied link, an error. */
export type PageLine = { text: string; error: boolean } | null;

/** What a failed call says: its own message, else the app's "unexpected". */
export const failureText = (error: unknown, t: T) =>
  error instanceof Error ? error.message : t('unexpected');

/** The server refused the call for a reason the page should now show (no chances, ended, ...). */
export const isRefusal = (error: unknown) =>
  error instanceof PlayApiError && error.status >= 400 && error.status < 500;

/** A draw as the renderer shows it: the prize named and pictured as the page's own prize list has it. */
export function shownDraw(answer: DrawAnswer, prizes: readonly PlayPrize[]): DrawResult {
  const { prize } = answer;
  const listed = prizes.find((p) => prize.id !== null && p.id === prize.id);
  return {
    prize: {
      id: prize.id,
      name: listed?.name ?? prize.name,
      image: listed ? listed.image : prize.image,
      isThank: prize.isThank,
    },
    rewardId: answer.rewardId,
    reward: answer.reward,
  };
}

interface Input {
  campaignId: string;
  launch: Launch;
  data: PageData;
  setData: Dispatch<SetStateAction<PageData>>;
  api: ApiOptions;
  token: string | null;
  t: T;
}

/**
 * The page's calls to the server and the line it says about them: reload, draw, the mechanic's
 * other actions, shares and reward forms. A draw's or action's new `me` waits until the renderer has landed.
 */
export function usePlayActions({ campaignId, launch, data, setData, api, token, t }: Input) {
  const { campaign } = data;
  const [line, setLine] = useState<PageLine>(null);
  const pendingMe = useRef<PlayerView | null>(null);

  const say = useCallback((text: string, error = false) => setLine({ text, error }), []);
  const refresh = useCallback(async () => {
    try {
      setData(
        await loadPage(campaignId, { lang: campaign.lang, preview: launch.preview, ch: launch.ch }, api),
      );
    } catch (error) {
      say(failureText(error, t), true);
    }
  }, [campaignId, campaign.lang, launch.preview, launch.ch, api, say, t, setData]);

  const onDraw = useCallback(async (): Promise<DrawResult> => {
    setLine(null);
    try {
      const answer = await draw(campaignId, api);
      pendingMe.current = answer.me;
      // The page's own prize list speaks the page language.
      return shownDraw(answer.result, campaign.prizes);
    } catch (error) {
      say(failureText(error, t), true);
      if (isRefusal(error)) void refresh();
      throw error;
    }
  }, [campaignId, api, campaign.prizes, say, t, refresh]);

  const runAct = useCallback(
    async <R>(action: string, body: object): Promise<R> => {
      setLine(null);
      try {
        const answer = await act<R>(campaignId, action, body, api);
        pendingMe.current = answer.me;
        return answer.result;
      } catch (error) {
        say(failureText(error, t), true);
        if (isRefusal(error)) void refresh();
        throw error;
      }
    },
    [campaignId, api, say, t, refresh],
  );

  const onLanded = useCallback(() => {
    const next = pendingMe.current;
    pendingMe.current = null;
    if (next) setData((old) => ({ ...old, me: next }));
  }, [setData]);

  const onShared = useCallback(
    async (channel: string) => {
      if (!token || campaign.preview) return;
      try {
        const answer = await share(campaignId, channel, api);
        setData((old) => ({ ...old, me: answer.me }));
        if (answer.result.granted > 0) say(t('share.granted', { count: answer.result.granted }));
      } catch (error) {
        say(failureText(error, t), true);
      }
    },
    [token, campaign.preview, campaignId, api, say, t, setData],
  );

  /** Sends a reward's form; the reward as the server now has it replaces the old one. */
  const submitForm = async (reward: RewardView, values: Record<string, string>) => {
    const answer = await submitRewardForm(campaignId, reward.id, values, api);
    setData((old) => ({
      ...old,
      me: { ...old.me, rewards: old.me.rewards.map((r) => (r.id === reward.id ? answer.reward : r)) },
    }));
    say(t('form.done'));
  };

  return { line, say, refresh, onDraw, act: runAct, onLanded, onShared, submitForm };
}
