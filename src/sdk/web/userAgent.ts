// Platform and robot detection from a user agent alone, shared by the SDK and the banner
// snippet's inline part (snippet.ts embeds these patterns, so both decide alike).

/** `desktop` = computers; `other` = phones and tablets that are neither iOS nor Android. */
export type Platform = 'ios' | 'android' | 'desktop' | 'other';

export interface UserAgentInfo {
  platform: Platform;
  /** Crawlers, link-preview fetchers, headless browsers and HTTP libraries. */
  bot: boolean;
  /** Operating system as ua-parser-js names it (iOS, Android, Windows, macOS, Chrome OS, Linux), or ''. */
  os: string;
  osVersion: string;
}

export const IOS_PATTERN = /iPhone|iPad|iPod/;
/** iPadOS 13+ Safari sends a Mac user agent; only its touch points tell it from a Mac. */
export const MAC_PATTERN = /Macintosh/;
export const ANDROID_PATTERN = /Android/;
// Windows Phone and KaiOS claim to be Android (and iPhone) too.
export const NOT_PHONE_OS_PATTERN = /Windows Phone|KAIOS/;
// `[^u]bot` leaves out the Cubot phone brand; an empty user agent is a script, not a browser.
export const BOT_PATTERN =
  /[^u]bot|crawl|spider|slurp|externalhit|externalagent|facebookcatalog|inspectiontool|googleother|mediapartners|feedfetcher|apis-google|lighthouse|headless|phantomjs|prerender|preview|whatsapp|embedly|iframely|vkshare|chatgpt|mastodon|cardyb|scrap|archiver|validator|pingdom|gtmetrix|curl\/|wget|python|go-http|okhttp|java\/|axios|node-fetch|undici|libwww|httpclient|^node\b|^$/i;

const WINDOWS: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' };

const found = (pattern: RegExp, ua: string) => (pattern.exec(ua)?.[1] ?? '').replace(/_/g, '.');

/**
 * Platform, robot flag and OS of a user agent. `touchPoints` (navigator.maxTouchPoints) tells
 * an iPad, whose Safari sends a Mac user agent since iPadOS 13, from a Mac: without it (on a
 * server, from the user agent alone) such an iPad is a desktop Mac.
 */
export function parseUserAgent(ua: string, touchPoints = 0): UserAgentInfo {
  const bot = BOT_PATTERN.test(ua);
  const mac = MAC_PATTERN.test(ua);
  if (!NOT_PHONE_OS_PATTERN.test(ua)) {
    if (IOS_PATTERN.test(ua) || (mac && touchPoints > 1))
      return {
        platform: 'ios',
        bot,
        os: 'iOS',
        // The iPad's Mac user agent names no iOS version; its Safari version follows iOS.
        osVersion: found(/ OS (\d+(?:_\d+)*)/, ua) || found(/Version\/([\d.]+)/, ua),
      };
    if (ANDROID_PATTERN.test(ua))
      return { platform: 'android', bot, os: 'Android', osVersion: found(/Android ([\d.]+)/, ua) };
  }
  const nt = found(/Windows NT ([\d.]+)/, ua);
  if (/Windows/.test(ua))
    return {
      platform: /Phone|Mobile/.test(ua) ? 'other' : 'desktop',
      bot,
      os: 'Windows',
      osVersion: WINDOWS[nt] ?? nt,
    };
  if (mac) return { platform: 'desktop', bot, os: 'macOS', osVersion: found(/Mac OS X ([\d_.]+)/, ua) };
  if (/CrOS/.test(ua)) return { platform: 'desktop', bot, os: 'Chrome OS', osVersion: '' };
  // HarmonyOS NEXT (no Android token) runs no Android apps; older HarmonyOS phones say Android.
  if (/Harmony/.test(ua))
    return { platform: 'other', bot, os: 'HarmonyOS', osVersion: found(/Harmony(?:OS)? ([\d.]+)/, ua) };
  return {
    platform: /Mobi|Phone|Tablet/.test(ua) ? 'other' : 'desktop',
    bot,
    os: /Linux/.test(ua) ? 'Linux' : '',
    osVersion: '',
  };
}
