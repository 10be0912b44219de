import { textInLanguage } from '../../../../engine/page/pageText';
import type { BannerView } from '../../../../sdk/web/banner/render';

/** Colours of a banner whose form has none yet (the new banner's defaults). */
export const DEFAULT_BANNER_COLORS: BannerView['colors'] = {
  background: '#ffffff',
  text: '#333333',
  button: '#7367f0',
  buttonText: '#ffffff',
};

const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The languages a banner config offers, first = default; none when it names none. */
export function bannerLanguages(config: Record<string, unknown>): string[] {
  return Array.isArray(config.languages)
    ? config.languages.filter((code): code is string => typeof code === 'string' && code !== '')
    : [];
}

/**
 * A banner config (entity/turbo-banner, possibly half filled while it is edited) as the banner a
 * visitor sees in `lang`: texts missing in that language fall back to the default language as the
 * server's public banner does, colours that are not (yet) valid to the defaults, the rating dropped
 * when out of 0..5.
 */
export function bannerView(config: Record<string, unknown>, lang: string): BannerView {
  const colors = record(config.colors);
  const color = (key: keyof BannerView['colors']) => {
    const value = colors[key];
    return typeof value === 'string' && HEX.test(value) ? value : DEFAULT_BANNER_COLORS[key];
  };
  const fallback = bannerLanguages(config)[0] ?? 'zh-CN';
  const rating =
    typeof config.rating === 'number' && config.rating >= 0 && config.rating <= 5 ? config.rating : null;
  const radius =
    typeof config.radius === 'number' && Number.isFinite(config.radius)
      ? Math.min(50, Math.max(0, Math.round(config.radius)))
      : 0;
  return {
    position: config.position === 'top' ? 'top' : 'bottom',
    title: textInLanguage(config.title, lang, fallback),
    description: textInLanguage(config.description, lang, fallback),
    button: textInLanguage(config.buttonText, lang, fallback),
    rating,
    colors: {
      background: color('background'),
      text: color('text'),
      button: color('button'),
      buttonText: color('buttonText'),
    },
    radius,
  };
}
