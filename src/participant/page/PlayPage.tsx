import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiOptions } from '../api/playApi';
import type { PageData, RewardView } from '../api/playTypes';
import { apiLang, makeT, TextsContext, uiLang } from '../i18n/texts';
import { rendererOf } from '../renderers';
import { PageBlocks } from '../blocks';
import { PageContext, type PageState } from '../blocks/PageContext';
import type { Launch } from '../session/readLaunch';
import type { Started } from '../session/startPlay';
import { PageBanners } from './PageBanners';
import { RewardForm } from './RewardForm';
import { playerLink } from './shareLink';
import { useDrawCountdown } from './useDrawCountdown';
import { usePageTap } from './usePageTap';
import { usePlayActions } from './usePlayActions';

interface Props {
  campaignId: string;
  launch: Launch;
  started: Started;
}

/** The player's page: the campaign as configured, its renderer, chances, prizes and forms. */
export function PlayPage({ campaignId, launch, started }: Props) {
  const [data, setData] = useState<PageData>(started.data);
  const [notices] = useState(started.notices);
  const [claiming, setClaiming] = useState<RewardView | null>(null);
  const [autoDraw, setAutoDraw] = useState(0);
  const startDraw = useCallback(() => setAutoDraw((n) => n + 1), []);
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

  // drawCountdown >= 0: the first draw of the visit starts by itself after that many seconds.
  const [autoFrom] = useState(() =>
    campaign.page.drawCountdown >= 0 && canPlay ? campaign.page.drawCountdown : null,
  );
  const drawIn = useDrawCountdown(autoFrom, startDraw);

  const link = playerLink(me.progress.invite, window.location.origin, campaignId, me.participant?.code);
  const blocks = campaign.page.blocks;
  const tap = usePageTap({
    blocks,
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
  return (
    <TextsContext.Provider value={t}>
      <PageContext.Provider value={state}>
        <div
          className="gp-page"
          data-testid="play-page"
          data-renderer={campaign.renderer ?? ''}
          data-can-play={canPlay ? 'true' : 'false'}
        >
          <PageBlocks blocks={blocks} before={<PageBanners preview={campaign.preview} notices={notices} />} />
          {claiming ? (
            <RewardForm
              reward={claiming}
              onSubmit={(values) => actions.submitForm(claiming, values).then(() => setClaiming(null))}
              onCancel={() => setClaiming(null)}
            />
          ) : null}
        </div>
      </PageContext.Provider>
    </TextsContext.Provider>
  );
}
