import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMicros } from '../../../engine/ads/money';

/** Formats integer micros as money of `currency` in the UI language; "-" when there is no amount. */
export function useFormatMoney(): (micros: number | null | undefined, currency: string) => string {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useCallback(
    (micros, currency) =>
      micros === null || micros === undefined || !Number.isFinite(micros)
        ? '-'
        : formatMicros(micros, currency, locale),
    [locale],
  );
}
