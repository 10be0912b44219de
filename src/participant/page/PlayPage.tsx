import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { draw, loadPage, PlayApiError, share, submitRewardForm, type ApiOptions } from '../api/playApi';
import type { PageData, PlayerView, RewardView } from '../api/playTypes';
import { apiLang, makeT, TextsContext, uiLang } from '../i18n/texts';
import { RendererView, rendererOf, type DrawResult } from '../renderers';
import type { Launch } from '../session/readLaunch';
import type { Notice, Started } from '../session/startPlay';
import { formatTime } from './formatTime';
import { Hotzones } from './Hotzones';
import { MyPrizes } from './MyPrizes';
import { RewardForm } from './RewardForm';
import { ShareBar } from './ShareBar';
import { StartCountdown } from './StartCountdown';
import { StatusLine } from './StatusLine';
import { inviteLink } from './shareLink';

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

  const { page } = campaign;
  const reason = rendererName ? me.reason : 'notPlayable';
  const notStarted = campaign.joinState === 'notStarted' || page.preheat?.active === true;
  const link = inviteLink(window.location.origin, campaignId, me.participant?.code);
  return (
    <TextsContext.Provider value={t}>
      <div
        className="gp-page"
        data-testid="play-page"
        data-renderer={campaign.renderer ?? ''}
        data-can-play={canPlay ? 'true' : 'false'}
        style={page.backgroundImage ? { backgroundImage: `url("${page.backgroundImage}")` } : undefined}
      >
        <Hotzones zones={page.hotzones} background={page.backgroundImage} />
        <main className="gp-column">
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
          <h1 className="gp-title">{page.pageTitle}</h1>
          <p className="gp-time">
            {formatTime(campaign.startTime, campaign.timezone)} -{' '}
            {formatTime(campaign.endTime, campaign.timezone)} ({campaign.timezone})
          </p>
          {notStarted ? (
            <StartCountdown
              startTime={campaign.startTime}
              image={page.preheat?.active ? page.preheat.image : null}
              onStart={() => void refresh()}
            />
          ) : null}
          {rendererName ? (
            <section className="gp-stage">
              <RendererView
                name={rendererName}
                prizes={campaign.prizes}
                game={campaign.game}
                onDraw={onDraw}
                disabled={!canPlay}
                button={page.buttons}
                autoDraw={autoDraw}
                onLanded={onLanded}
                onClaim={setClaiming}
              />
            </section>
          ) : (
            <PrizeList prizes={campaign.prizes.filter((p) => !p.isThank)} />
          )}
          {drawIn !== null ? (
            <p className="gp-banner" role="timer" data-testid="draw-countdown">
              {t('countdown.drawIn', { seconds: drawIn })}
            </p>
          ) : null}
          <StatusLine me={me} reason={reason} preview={campaign.preview} />
          {line ? (
            <p
              className={`gp-line${line.error ? ' gp-line-error' : ''}`}
              role={line.error ? 'alert' : 'status'}
              data-testid="play-line"
            >
              {line.text}
            </p>
          ) : null}
          {page.share ? (
            <ShareBar
              share={page.share}
              link={link}
              fallbackTitle={page.pageTitle}
              onShared={(channel) => void onShared(channel)}
              onSay={(text) => say(text)}
            />
          ) : null}
          {page.rules?.text ? (
            <section
              className="gp-card gp-rules"
              style={{
                color: page.rules.textColor ?? undefined,
                background: page.rules.backgroundColor ?? undefined,
              }}
            >
              <h2>{t('rules')}</h2>
              <p>{page.rules.text}</p>
            </section>
          ) : null}
          {me.participant ? (
            <MyPrizes rewards={me.rewards} timezone={campaign.timezone} onClaim={setClaiming} />
          ) : null}
        </main>
        {claiming ? (
          <RewardForm
            reward={claiming}
            onSubmit={(values) => submitForm(claiming, values)}
            onCancel={() => setClaiming(null)}
          />
        ) : null}
      </div>
    </TextsContext.Provider>
  );
}

function PrizeList({ prizes }: { prizes: PageData['campaign']['prizes'] }) {
  if (prizes.length === 0) return null;
  return (
    <ul className="gp-card gp-prize-list">
      {prizes.map((prize) => (
        <li key={prize.id}>
          {prize.image ? <img src={prize.image} alt="" /> : null}
          <span>{prize.name}</span>
        </li>
      ))}
    </ul>
  );
}
