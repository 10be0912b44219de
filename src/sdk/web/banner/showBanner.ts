import { randomId } from '../randomId';
import { record } from '../core/send';
import { load, save } from '../core/storage';
import { log, pageUrl, state } from '../core/state';
import type { PublicBanner } from '../types';
import { bannerUrl } from './bannerUrl';
import { chooseLanguage } from './chooseLanguage';
import { renderBanner } from './render';
import { dismissUntil, shouldShowBanner } from './shouldShowBanner';
import { dismissedKey, notShownKey, releaseSpace, reservedSide, reserveSpace } from './space';

const HOUR = 36e5;
const DAY = 864e5;
// Accessible names of the close button in the console's banner languages.
const CLOSE: Record<string, string> = {
  zh: '关闭',
  'zh-TW': '關閉',
  ja: '閉じる',
  ko: '닫기',
  th: 'ปิด',
  vi: 'Đóng',
  id: 'Tutup',
  es: 'Cerrar',
  pt: 'Fechar',
  ar: 'إغلاق',
  ru: 'Закрыть',
};

declare global {
  interface Window {
    /** Banner answers the snippet's inline part started fetching, by banner id. */
    __gcb?: Record<string, Promise<Response>>;
  }
}

const started = new Set<string>();

const bodyReady = () =>
  new Promise<void>((resolve) =>
    document.body ? resolve() : addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );

/**
 * Turbo Banner: fetches the banner once per page view and shows it in the space the snippet
 * reserved (nothing on the page moves), or over the page's edge when no space was reserved (the
 * script tag alone, or a device remembered as not showing it). Records an impression, clicks
 * (the button then follows the link) and dismissals; a dismissal is remembered `dismissDays` and
 * gives the space back (the user's tap: no layout shift counts).
 */
export async function showBanner(id: string): Promise<void> {
  if (!state.key || started.has(id)) return;
  started.add(id);
  const now = Date.now();
  const prefetched = window.__gcb?.[id];
  // A reserved space the banner will not use stays blank until the page is left (giving it back
  // would move the page); the next page views reserve none while "not shown" is remembered.
  const notShown = (ms: number) => save(notShownKey(id), String(now + ms));
  const visitor = { ...state.ua, dismissedUntil: +(load(dismissedKey(id)) || 0), now };
  // Decided without the banner's platforms first: no request from desktops and robots.
  if (!shouldShowBanner(visitor, ['ios', 'android'])) return;
  let banner: PublicBanner;
  try {
    const answer = await (prefetched ||
      fetch(`${state.base}/api/turbo/v1/banners/${encodeURIComponent(id)}`));
    if (answer.status == 404) return notShown(DAY);
    if (!answer.ok) throw answer.status;
    banner = (await answer.json()).data;
  } catch (error) {
    log('banner', id, 'not loaded', error);
    return notShown(HOUR);
  }
  if (!shouldShowBanner(visitor, banner.platforms)) return notShown(DAY);
  save(notShownKey(id), null);
  await bodyReady();
  // The reserved side wins (a snippet from before the banner's position changed): nothing moves.
  // Without reserved space, padding the bottom moves nothing either; padding the top would, so a
  // top banner then covers the page's top edge instead.
  const position = (reservedSide() as PublicBanner['position'] | null) || banner.position;
  if (!reservedSide() && position == 'bottom') reserveSpace('bottom');
  const language = chooseLanguage(navigator.languages || [navigator.language], banner.languages);
  const text = banner.texts[language] || banner.texts[banner.languages[0]];
  const event = (type: string) =>
    record(`${state.base}/api/turbo/v1/banners/${encodeURIComponent(id)}/events`, {
      events: [{ id: randomId(), type, page: pageUrl() }],
    });
  const host = document.createElement('gc-banner');
  const root = host.attachShadow({ mode: 'open' });
  renderBanner(
    root,
    {
      ...banner,
      ...text,
      position,
      url: bannerUrl(banner.url, banner.params, location.href),
      closeLabel: CLOSE[language] || CLOSE[language.split('-')[0]],
    },
    {
      click: () => event('click'),
      dismiss() {
        // Inside the click's input window: the page moving back up is no layout shift.
        host.remove();
        releaseSpace();
        const until = dismissUntil(Date.now(), banner.dismissDays);
        if (until) save(dismissedKey(id), String(until));
        event('dismiss');
      },
    },
  );
  root.appendChild(document.createElement('style')).textContent =
    `:host{position:fixed!important;left:0!important;right:0!important;${position}:0!important;z-index:2147483647!important}`;
  document.body.appendChild(host);
  event('impression');
}
