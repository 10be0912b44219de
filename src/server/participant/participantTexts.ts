import type { Lang } from '../../engine/validation/lang';
import zhCN from '../../../locales/zh-CN/participant.json';
import enUS from '../../../locales/en-US/participant.json';

/** Join states of the participant page, from the engine's status and `canJoin`. */
export type JoinState = 'open' | 'notStarted' | 'ended' | 'offline' | 'whitelistOnly' | 'draft';

export interface ParticipantTexts {
  join: Record<JoinState, string>;
  joinButton: string;
  rules: string;
  prizes: string;
  time: string;
  preview: string;
  notFoundTitle: string;
  notFound: string;
}

// The server's first paint of /p/:id (plain HTML, no i18next) takes its few words from the
// `page` part of locales/*/participant.json; the participant app reads the `app` part.
export const PARTICIPANT_TEXTS: Record<Lang, ParticipantTexts> = {
  'zh-CN': zhCN.page,
  'en-US': enUS.page,
};

/**
 * The page words for a campaign language: Chinese variants in Chinese, others in English;
 * nothing known: Chinese (the product default).
 */
export function pageLangOf(campaignLang: string): Lang {
  const lower = campaignLang.trim().toLowerCase();
  return !lower || lower.startsWith('zh') ? 'zh-CN' : 'en-US';
}
