import { canJoin } from '../../engine/rules/campaignStatus';
import { gmtOffsetMinutes } from '../../engine/validation/keywords/timeRange';
import type { CampaignRow } from '../db/campaignTables';
import { shownState, shownStatus } from '../campaigns/campaignState';
import { textInLanguage } from '../lists/textInLanguage';
import { chooseLanguage } from './chooseLanguage';
import { PARTICIPANT_TEXTS, pageLangOf, type JoinState } from './participantTexts';
import { safeColor, safeUrl, type ParticipantPageModel } from './renderParticipantPage';

type Config = Record<string, unknown>;
const obj = (value: unknown): Config => (value && typeof value === 'object' ? (value as Config) : {});

/** An address as a crawler needs it: this server's own paths (`/uploads/...`) under PUBLIC_URL. */
export function absoluteUrl(publicUrl: string, url: string): string {
  return url.startsWith('/') ? `${publicUrl.replace(/\/+$/, '')}${url}` : url;
}

/** `YYYY-MM-DD HH:mm` of an instant in a GMT offset. */
function localTime(iso: string, offsetMinutes: number): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** Whether (and why not) a participant can join now, from the engine's status and canJoin. */
export function joinStateOf(row: CampaignRow, now: Date): JoinState {
  // Who the visitor is comes with the participant side; until then nobody counts as whitelisted.
  if (canJoin(shownState(row), false, now)) return 'open';
  const status = shownStatus(row, now);
  if (status === 'draft') return 'draft';
  if (status === 'ended') return 'ended';
  if (status === 'offline') return 'offline';
  if (status === 'prereleased') return 'whitelistOnly';
  return 'notStarted';
}

/** What the participant page shows, from the campaign's config in the visitor's language. */
export function participantPageModel(
  row: CampaignRow,
  options: { now: Date; preview: boolean; publicUrl: string; queryLang?: string; acceptLanguage?: string },
): ParticipantPageModel {
  const config = JSON.parse(row.config) as Config;
  const offered = Array.isArray(config.languages)
    ? config.languages.filter((l): l is string => typeof l === 'string')
    : [];
  const fallback =
    typeof config.defaultLanguage === 'string' ? config.defaultLanguage : (offered[0] ?? 'zh-CN');
  const lang = chooseLanguage(
    offered.length ? offered : [fallback],
    fallback,
    options.queryLang,
    options.acceptLanguage,
  );
  const texts = PARTICIPANT_TEXTS[pageLangOf(lang)];
  const inLang = (value: unknown) => textInLanguage(value, lang, fallback);

  const offset = gmtOffsetMinutes(row.timezone ?? 'GMT');
  const zone = row.timezone ?? 'GMT';
  const rules = obj(config.rules);
  const buttons = obj(config.buttons);
  const share = obj(config.share);
  const title = inLang(config.pageTitle) || row.title;
  const shareImage = safeUrl(share.thumbnail);
  const prizes = Array.isArray(config.prizes) ? config.prizes.map(obj).filter((p) => p.isThank !== true) : [];
  return {
    lang,
    texts,
    title,
    timeText: `${localTime(row.start_time, offset)} - ${localTime(row.end_time, offset)} (${zone})`,
    joinState: joinStateOf(row, options.now),
    preview: options.preview,
    backgroundImage: safeUrl(config.backgroundImage),
    rules: rules.text
      ? {
          text: inLang(rules.text),
          textColor: safeColor(rules.textColor),
          backgroundColor: safeColor(rules.backgroundColor),
        }
      : undefined,
    button: {
      text: inLang(buttons.text) || texts.joinButton,
      color: safeColor(buttons.color),
      textColor: safeColor(buttons.textColor),
    },
    prizes: prizes.map((p) => ({ name: inLang(p.name), image: safeUrl(p.image) })),
    og: {
      title: inLang(share.title) || title,
      description: inLang(share.description) || undefined,
      image: shareImage ? absoluteUrl(options.publicUrl, shareImage) : undefined,
      url: `${options.publicUrl}/p/${encodeURIComponent(row.id)}`,
    },
  };
}
