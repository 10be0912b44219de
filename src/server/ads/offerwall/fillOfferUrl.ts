import { absoluteHttpUrl, urlProblem } from '../../../engine/validation/urlProblem';

/** What an offer address may name: who clicks, which offer, and the click's id. */
export interface OfferUrlValues {
  user_id: string;
  offer_id: string;
  click_id: string;
}

const PLACEHOLDER = /\{(user_id|offer_id|click_id)\}/g;

/**
 * An offer's address with `{user_id}`, `{offer_id}` and `{click_id}` filled (URL-encoded), or
 * undefined unless the result is an http(s) address of a public host (the engine's `urlProblem`,
 * the rule of every address visitors are sent to; judged after filling, so a value can never
 * turn the host into an internal one).
 */
export function fillOfferUrl(template: string, values: OfferUrlValues): string | undefined {
  const filled = template
    .trim()
    .replace(PLACEHOLDER, (_, name: keyof OfferUrlValues) => encodeURIComponent(values[name]));
  return urlProblem(filled, 'http') ? undefined : absoluteHttpUrl(filled);
}
