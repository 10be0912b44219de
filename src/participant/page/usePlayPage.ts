import { useEffect, useMemo, useState } from 'react';
import type { ApiOptions } from '../api/playApi';
import type { PageData, RewardView } from '../api/playTypes';
import { apiLang, makeT, uiLang } from '../i18n/texts';
import { rendererOf } from '../renderers';
import type { PageState } from '../blocks/PageContext';
import type { Launch } from '../session/readLaunch';
import type { Started } from '../session/startPlay';
import { playerLink } from './shareLink';
import { usePageDraws } from './usePageDraws';
import { usePageTap } from './usePageTap';
import { usePlayActions } from './usePlayActions';

/**
 * The player's page as its blocks share it (`state`): the page model, kept fresh by the actions,
 * whether and what the player can play, the page's own draws, the invite link and what taps do;
 * the words of the campaign's language (`t`) and the reward whose form is open (`claiming`).
 */
export function usePlayPage({
  campaignId,
  launch,
  started,
}: {
  campaignId: string;
  launch: Launch;
  started: Started;
}) {
  const [data, setData] = useState<PageData>(started.data);
  const [claiming, setClaiming] = useState<RewardView | null>(null);
  const token = started.session?.token ?? null;
  const { campaign, me } = data;
  const lang = uiLang(campaign.lang, campaign.defaultLanguage);
  const t = useMemo(() => makeT(lang), [lang]);
  const api: ApiOptions = useMemo(
    () => ({ token, lang: apiLang(lang), networkText: makeT(lang)('network') }),
    [token, lang],
  );
  const actions = usePlayActions({ campaignId, launch, data, setData, api, token, t });
  const { say } = actions;

  useEffect(() => {
    document.title = campaign.page.pageTitle;
    document.documentElement.lang = campaign.lang;
  }, [campaign.page.pageTitle, campaign.lang]);

  const rendererName = campaign.playable && rendererOf(campaign.renderer) ? campaign.renderer : null;
  const canPlay = me.canPlay && !!token && !campaign.preview && rendererName !== null;
  const { autoDraw, startDraw, drawIn } = usePageDraws(campaign.page.drawCountdown, canPlay);

  const link = playerLink(me.progress.invite, window.location.origin, campaignId, me.participant?.code);
  const tap = usePageTap({
    blocks: campaign.page.blocks,
    shareChannels: campaign.page.share?.channels.length ?? 0,
    pageTitle: campaign.page.pageTitle,
    link,
    canPlay,
    say,
    t,
    startDraw,
  });

  const state: PageState = {
    campaign,
    me,
    rendererName,
    canPlay,
    reason: rendererName ? me.reason : 'notPlayable',
    link,
    drawIn,
    line: actions.line,
    autoDraw,
    onDraw: actions.onDraw,
    act: actions.act,
    onLanded: actions.onLanded,
    onClaim: setClaiming,
    onShared: (channel) => void actions.onShared(channel),
    say,
    refresh: () => void actions.refresh(),
    tap,
    editing: false,
  };
  return { t, state, claiming, setClaiming, submitForm: actions.submitForm };
}
