import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { act, draw, loadPage, PlayApiError, share, submitRewardForm, type ApiOptions } from '../api/playApi';
import type { PageData, PlayerView, RewardView, TapView } from '../api/playTypes';
import { apiLang, makeT, TextsContext, uiLang } from '../i18n/texts';
import { rendererOf, type DrawResult } from '../renderers';
import { PageBlocks } from '../blocks';
import { blockElementId, PageContext, type PageState } from '../blocks/PageContext';
import type { Launch } from '../session/readLaunch';
import type { Notice, Started } from '../session/startPlay';
import { RewardForm } from './RewardForm';
import { inviteLink, shareLink } from './shareLink';

interface Props {
  campaignId: string;
  launch: Launch;
  started: Started;
}

/** The player's page: the campaign as configured, its renderer, chances, prizes and forms. */
export function PlayPage({ campaignId, launch, started }: Props) {
  const [data, setData] = useState<PageData>(started.data);
  const [notices] = useState<Notice[]>(started.notices);
  const [line, setLine] = useState<{ text: string; error: boolean } | null>(null);
  const [claiming, setClaiming] = useState<RewardView | null>(null);
  const [autoDraw, setAutoDraw] = useState(0);
  const [drawIn, setDrawIn] = useState<number | null>(null);
  const pendingMe = useRef<PlayerView | null>(null);
  const token = started.session?.token ?? null;
  const { campaign, me } = data;
  const lang = uiLang(campaign.lang, campaign.defaultLanguage);
  const t = useMemo(() => makeT(lang), [lang]);
  const api: ApiOptions = useMemo(
    () => ({ token, lang: apiLang(lang), networkText: makeT(lang)('network') }),
    [token, lang],
  );

  const say = useCallback((text: string, error = false) => setLine({ text, error }), []);
  const refresh = useCallback(async () => {
    try {
      setData(
        await loadPage(campaignId, { lang: campaign.lang, preview: launch.preview, ch: launch.ch }, api),
      );
    } catch (error) {
      say(error instanceof Error ? error.message : t('unexpected'), true);
    }
  }, [campaignId, campaign.lang, launch.preview, launch.ch, api, say, t]);

  useEffect(() => {
    document.title = campaign.page.pageTitle;
    document.documentElement.lang = campaign.lang;
  }, [campaign.page.pageTitle, campaign.lang]);

  const onDraw = useCallback(async (): Promise<DrawResult> => {
    setLine(null);
    try {
      const answer = await draw(campaignId, api);
      pendingMe.current = answer.me;
      const { prize } = answer.result;
      // The page's own prize list speaks the page language.
      const listed = campaign.prizes.find((p) => prize.id !== null && p.id === prize.id);
      return {
        prize: {
          id: prize.id,
          name: listed?.name ?? prize.name,
          image: listed ? listed.image : prize.image,
          isThank: prize.isThank,
        },
        rewardId: answer.result.rewardId,
        reward: answer.result.reward,
      };
    } catch (error) {
      say(error instanceof Error ? error.message : t('unexpected'), true);
      // Refused for a reason the page should now show (no chances, ended, ...).
      if (error instanceof PlayApiError && error.status >= 400 && error.status < 500) void refresh();
      throw error;
    }
  }, [campaignId, api, campaign.prizes, say, t, refresh]);

  const runAct = useCallback(
    async <R,>(action: string, body: object): Promise<R> => {
      setLine(null);
      try {
        const answer = await act<R>(campaignId, action, body, api);
        pendingMe.current = answer.me;
        return answer.result;
      } catch (error) {
        say(error instanceof Error ? error.message : t('unexpected'), true);
        if (error instanceof PlayApiError && error.status >= 400 && error.status < 500) void refresh();
        throw error;
      }
    },
    [campaignId, api, say, t, refresh],
  );

  const onLanded = useCallback(() => {
    const next = pendingMe.current;
    pendingMe.current = null;
    if (next) setData((old) => ({ ...old, me: next }));
  }, []);

  const onShared = useCallback(
    async (channel: string) => {
      if (!token || campaign.preview) return;
      try {
        const answer = await share(campaignId, channel, api);
        setData((old) => ({ ...old, me: answer.me }));
        if (answer.result.granted > 0) say(t('share.granted', { count: answer.result.granted }));
      } catch (error) {
        say(error instanceof Error ? error.message : t('unexpected'), true);
      }
    },
    [token, campaign.preview, campaignId, api, say, t],
  );

  const submitForm = async (reward: RewardView, values: Record<string, string>) => {
    const answer = await submitRewardForm(campaignId, reward.id, values, api);
    setData((old) => ({
      ...old,
      me: { ...old.me, rewards: old.me.rewards.map((r) => (r.id === reward.id ? answer.reward : r)) },
    }));
    setClaiming(null);
    say(t('form.done'));
  };

  const rendererName = campaign.playable && rendererOf(campaign.renderer) ? campaign.renderer : null;
  const canPlay = me.canPlay && !!token && !campaign.preview && rendererName !== null;

  // drawCountdown >= 0: the first draw of the visit starts by itself after that many seconds.
  const [autoFrom] = useState(() =>
    campaign.page.drawCountdown >= 0 && canPlay ? campaign.page.drawCountdown : null,
  );
  useEffect(() => {
    if (autoFrom === null) return;
    let left = autoFrom;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      if (left <= 0) {
        setDrawIn(null);
        setAutoDraw((n) => n + 1);
        return;
      }
      setDrawIn(left);
      left -= 1;
      timer = setTimeout(tick, 1000);
    };
    timer = setTimeout(tick, 0);
    return () => clearTimeout(timer);
  }, [autoFrom]);

  // A referral's own invite link goes through the campaign's deep link (installs attributed).
  const serverLink = (me.progress.invite as { link?: unknown } | undefined)?.link;
  const link =
    typeof serverLink === 'string' && serverLink
      ? serverLink
      : inviteLink(window.location.origin, campaignId, me.participant?.code);
  const blocks = campaign.page.blocks;
  const tap = useCallback(
    (target: TapView) => {
      const firstOf = (type: string) => blocks.find((b) => b.type === type)?.id;
      const scrollTo = (blockId: string | undefined) =>
        blockId
          ? document.getElementById(blockElementId(blockId))?.scrollIntoView({ behavior: 'smooth' })
          : undefined;
      if (target.action === 'block') scrollTo(target.blockId ?? undefined);
      else if (target.action === 'rules') scrollTo(firstOf('rules'));
      else if (target.action === 'share') {
        const shareBlock = firstOf('share');
        if (shareBlock && campaign.page.share?.channels.length) scrollTo(shareBlock);
        else
          void shareLink(link, campaign.page.pageTitle).then((said) => said && say(t(said.key, said.params)));
      } else if (target.action === 'play') {
        scrollTo(firstOf('game'));
        if (canPlay) setAutoDraw((n) => n + 1);
      }
    },
    [blocks, campaign.page.share, campaign.page.pageTitle, link, canPlay, say, t],
  );

  const reason = rendererName ? me.reason : 'notPlayable';
  const state: PageState = {
    campaign,
    me,
    rendererName,
    canPlay,
    reason,
    link,
    drawIn,
    line,
    autoDraw,
    onDraw,
    act: runAct,
    onLanded,
    onClaim: setClaiming,
    onShared: (channel) => void onShared(channel),
    say,
    refresh: () => void refresh(),
    tap,
    editing: false,
  };
  return (
    <TextsContext.Provider value={t}>
      <PageContext.Provider value={state}>
        <div
          className="gp-page"
          data-testid="play-page"
          data-renderer={campaign.renderer ?? ''}
          data-can-play={canPlay ? 'true' : 'false'}
        >
          <PageBlocks
            blocks={blocks}
            before={
              <>
                {campaign.preview ? (
                  <p className="gp-banner gp-banner-preview" data-testid="preview-banner">
                    {t('preview')}
                  </p>
                ) : null}
                {notices.map((notice, i) => (
                  <p key={i} className="gp-banner gp-banner-warn" role="alert">
                    {t(notice.key, { message: notice.message ?? '' })}
                  </p>
                ))}
              </>
            }
          />
          {claiming ? (
            <RewardForm
              reward={claiming}
              onSubmit={(values) => submitForm(claiming, values)}
              onCancel={() => setClaiming(null)}
            />
          ) : null}
        </div>
      </PageContext.Provider>
    </TextsContext.Provider>
  );
}
