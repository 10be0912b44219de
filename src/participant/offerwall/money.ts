import { formatMicros } from '../../engine/ads/money';
import type { UiLang } from '../i18n/texts';

/** Micros as money in the page language ("$1.25", "US$1.25"); the offerwall currency unless named. */
export type Money = (micros: number, currency?: string) => string;

export const moneyIn =
  (currency: string, lang: UiLang): Money =>
  (micros, other) =>
    formatMicros(micros, other ?? currency, lang);

/** Micros as the plain decimal the amount field takes ("1.25"): exact, no rounding. */
export function microsText(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = String(micros % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
