import { useCallback, useMemo, useState } from 'react';
import type { T, UiLang } from '../i18n/texts';
import { loadWall, OfferwallApiError, openOffer, type OfferwallApiOptions } from './offerwallApi';
import type { Offer, OfferwallSession, Wall } from './offerwallTypes';
import { moneyIn } from './money';
import { OfferwallTextsContext } from './offerwallTexts';
import { OfferList } from './OfferList';
import { WithdrawForm } from './WithdrawForm';
import { HistoryLists } from './HistoryLists';
import { storeSession } from './sessionStore';

interface Props {
  projectId: string;
  lang: UiLang;
  /** The page's words (offerwall.json `app` of `lang`). */
  t: T;
  /** `?lang=` of the address (the offers' language), when given. */
  queryLang?: string;
  api: OfferwallApiOptions;
  session: OfferwallSession;
  wall: Wall;
}

/** The offerwall: balance, offers, the withdrawal form and the history. */
export function OfferwallPage({ projectId, lang, t, queryLang, api: baseApi, session, wall: first }: Props) {
  const api = useMemo(() => ({ ...baseApi, token: session.token }), [baseApi, session.token]);
  const [wall, setWall] = useState(first);
  const [line, setLine] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [opening, setOpening] = useState<string | null>(null);
  const money = useMemo(() => moneyIn(wall.currency, lang), [wall.currency, lang]);

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof OfferwallApiError && error.status === 401) {
        storeSession(projectId, null);
        setExpired(true);
      } else setLine(error instanceof Error ? error.message : t('unexpected'));
    },
    [projectId, t],
  );

  const refresh = useCallback(async () => {
    try {
      setWall(await loadWall(projectId, queryLang, api));
    } catch (error) {
      failed(error);
    }
  }, [projectId, queryLang, api, failed]);

  const onGo = useCallback(
    async (offer: Offer) => {
      setLine(null);
      setOpening(`${offer.accountId}/${offer.id}`);
      try {
        const { url } = await openOffer(offer.accountId, offer.id, api);
        window.location.assign(url);
      } catch (error) {
        failed(error);
        // An offer taken offline meanwhile: show the list as it is now.
        if (error instanceof OfferwallApiError && error.status === 404) void refresh();
      } finally {
        setOpening(null);
      }
    },
    [api, failed, refresh],
  );

  return (
    <OfferwallTextsContext.Provider value={t}>
      <div className="ow-page" data-testid="offerwall-page">
        <main className="ow-column">
          <h1 className="ow-title">{t('title')}</h1>
          {expired ? (
            <p className="ow-banner" role="alert" data-testid="offerwall-expired">
              {t('signInExpired')}
            </p>
          ) : null}
          <section className="ow-card ow-balance" aria-label={t('balance')}>
            <p className="ow-muted">{t('balance')}</p>
            <p className="ow-balance-value" data-testid="offerwall-balance" data-micros={wall.balanceMicros}>
              {money(wall.balanceMicros)}
            </p>
            <p className="ow-muted">{t('minimum', { amount: money(wall.minWithdrawalMicros) })}</p>
          </section>
          {line ? (
            <p className="ow-banner" role="alert" data-testid="offerwall-line">
              {line}
            </p>
          ) : null}
          <OfferList
            offers={wall.offers}
            money={money}
            opening={opening}
            onGo={(offer) => void onGo(offer)}
          />
          <WithdrawForm wall={wall} money={money} lang={lang} api={api} onDone={() => void refresh()} />
          <HistoryLists ledger={wall.ledger} withdrawals={wall.withdrawals} money={money} lang={lang} />
        </main>
      </div>
    </OfferwallTextsContext.Provider>
  );
}
