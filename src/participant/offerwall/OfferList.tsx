import type { Offer } from './offerwallTypes';
import type { Money } from './money';
import { useOfferwallT } from './offerwallTexts';

interface Props {
  offers: Offer[];
  money: Money;
  /** The offer being opened (`accountId/offerId`), if any. */
  opening: string | null;
  onGo(offer: Offer): void;
}

/** The online offers with their rewards; "go" opens one (the server records the click first). */
export function OfferList({ offers, money, opening, onGo }: Props) {
  const t = useOfferwallT();
  return (
    <section className="ow-card" aria-labelledby="ow-offers">
      <h2 id="ow-offers">{t('offers.title')}</h2>
      {offers.length === 0 ? (
        <p className="ow-empty" data-testid="offers-empty">
          {t('offers.empty')}
        </p>
      ) : (
        <ul className="ow-offers">
          {offers.map((offer) => {
            const key = `${offer.accountId}/${offer.id}`;
            return (
              <li key={key} className="ow-offer" data-testid="offer" data-offer-id={offer.id}>
                {offer.iconUrl ? (
                  <img className="ow-icon" src={offer.iconUrl} alt="" loading="lazy" />
                ) : (
                  <span className="ow-icon ow-icon-blank" aria-hidden="true" />
                )}
                <div className="ow-offer-text">
                  <p className="ow-offer-title">{offer.title}</p>
                  {offer.description ? <p className="ow-muted">{offer.description}</p> : null}
                  <p className="ow-reward" data-testid="offer-reward">
                    {t('offers.reward', { amount: money(offer.rewardMicros) })}
                  </p>
                </div>
                <button
                  type="button"
                  className="ow-btn ow-btn-small"
                  data-testid="offer-go"
                  disabled={opening !== null}
                  onClick={() => onGo(offer)}
                >
                  {opening === key ? t('offers.opening') : t('offers.go')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
