import { chooseLanguage } from '../../participant/chooseLanguage';
import { safeUrl, textInLanguage } from '../../../engine/page/pageText';
import { fillOfferUrl } from './fillOfferUrl';

/** One offer of an ad account's config (entity/ad-account `offers[]`), read defensively. */
export interface OfferConfig {
  id: string;
  title: Record<string, string>;
  description: Record<string, string>;
  rewardMicros: number;
  url: string;
  iconUrl?: string;
  online: boolean;
}

/** An ad account as the offerwall reads it: its offers and the language its texts fall back to. */
export interface OfferAccount {
  id: string;
  defaultLanguage?: string;
  offers: OfferConfig[];
}

/** An offer as the participant sees it, in their language. */
export interface OfferView {
  accountId: string;
  id: string;
  title: string;
  description: string;
  rewardMicros: number;
  iconUrl: string | null;
}

/** The language of a visit: `?lang=` of the page, else its Accept-Language. */
export interface VisitLanguage {
  queryLang?: string;
  acceptLanguage?: string;
}

function texts(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The offers of an account's stored config (JSON text); anything malformed is left out. */
export function offerAccount(id: string, configText: string): OfferAccount {
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(configText) as Record<string, unknown>;
  } catch {
    return { id, offers: [] };
  }
  const offers = (Array.isArray(config.offers) ? (config.offers as unknown[]) : []).flatMap((raw) => {
    if (!raw || typeof raw !== 'object') return [];
    const offer = raw as Record<string, unknown>;
    const reward = offer.rewardMicros;
    if (typeof offer.id !== 'string' || typeof offer.url !== 'string') return [];
    if (typeof reward !== 'number' || !Number.isSafeInteger(reward) || reward < 1) return [];
    return [
      {
        id: offer.id,
        title: texts(offer.title),
        description: texts(offer.description),
        rewardMicros: reward,
        url: offer.url,
        ...(typeof offer.iconUrl === 'string' ? { iconUrl: offer.iconUrl } : {}),
        online: offer.status === 'online',
      },
    ];
  });
  const defaultLanguage = typeof config.defaultLanguage === 'string' ? config.defaultLanguage : undefined;
  return { id, ...(defaultLanguage ? { defaultLanguage } : {}), offers };
}

/** A per-language text in the visit's language, else the account's default, else any. */
export function offerText(
  value: Record<string, string>,
  account: OfferAccount,
  language: VisitLanguage,
): string {
  const offered = Object.keys(value).filter((lang) => value[lang]);
  if (offered.length === 0) return '';
  const fallback = account.defaultLanguage ?? offered[0];
  const lang = chooseLanguage(offered, fallback, language.queryLang, language.acceptLanguage);
  return textInLanguage(value, lang, fallback);
}

// Placeholders filled with sample values: an offer whose address could never open is not shown.
const SAMPLE = { user_id: 'u', offer_id: 'o', click_id: 'c' };

/** Whether an offer is shown: online, and its address a public http(s) one once filled. */
export function isOpenableOffer(offer: OfferConfig): boolean {
  return offer.online && fillOfferUrl(offer.url, SAMPLE) !== undefined;
}

export function offerView(account: OfferAccount, offer: OfferConfig, language: VisitLanguage): OfferView {
  return {
    accountId: account.id,
    id: offer.id,
    title: offerText(offer.title, account, language) || offer.id,
    description: offerText(offer.description, account, language),
    rewardMicros: offer.rewardMicros,
    iconUrl: safeUrl(offer.iconUrl) ?? null,
  };
}
