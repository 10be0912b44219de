import type { Lang } from '../../engine/validation/lang';

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

// The participant page is plain server HTML (no i18next there): its few words live here, in
// both console languages, and are picked by the campaign language (Chinese variants -> zh-CN).
export const PARTICIPANT_TEXTS: Record<Lang, ParticipantTexts> = {
  'zh-CN': {
    join: {
      open: '活动进行中，欢迎参与',
      notStarted: '活动尚未开始，敬请期待',
      ended: '活动已结束，感谢关注',
      offline: '活动已下线',
      whitelistOnly: '活动目前仅对受邀用户开放',
      draft: '草稿预览：活动尚未发布',
    },
    joinButton: '立即参与',
    rules: '活动规则',
    prizes: '活动奖品',
    time: '活动时间',
    preview: '预览',
    notFoundTitle: '活动不存在',
    notFound: '该活动不存在或尚未发布。',
  },
  'en-US': {
    join: {
      open: 'The activity is open, join in',
      notStarted: 'The activity has not started yet',
      ended: 'The activity has ended, thank you',
      offline: 'The activity is offline',
      whitelistOnly: 'The activity is open to invited users only for now',
      draft: 'Draft preview: the activity is not published',
    },
    joinButton: 'Join now',
    rules: 'Rules',
    prizes: 'Prizes',
    time: 'Activity time',
    preview: 'Preview',
    notFoundTitle: 'Activity not found',
    notFound: 'This activity does not exist or is not published yet.',
  },
};

/**
 * The page words for a campaign language: Chinese variants in Chinese, others in English;
 * nothing known: Chinese (the product default).
 */
export function pageLangOf(campaignLang: string): Lang {
  const lower = campaignLang.trim().toLowerCase();
  return !lower || lower.startsWith('zh') ? 'zh-CN' : 'en-US';
}
