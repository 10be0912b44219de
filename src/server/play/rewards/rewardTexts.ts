// The words of reward records in the console and its CSV: delivery problems, columns, statuses.
import type { Lang } from '../../../engine/validation/lang';
import type { DeliveryProblem } from '../delivery/rewardDelivery';
import type { AwardStatus } from '../playTables';

const DETAIL_TEXTS: Record<Lang, Record<DeliveryProblem['key'], (p: DeliveryProblem) => string>> = {
  'zh-CN': {
    callbackAbnormal: (p) => `回调接口异常：返回 HTTP ${p.status} "${p.answer ?? ''}"，应返回 success`,
    callbackUnreachable: (p) => `回调接口异常：无法送达（${p.error ?? ''}）`,
    callbackRefused: (p) =>
      `回调地址不是公网地址，未发送（${p.error ?? ''}）。测试服务器可用 ALLOW_PRIVATE_CALLBACKS=1 允许内网地址`,
  },
  'en-US': {
    callbackAbnormal: (p) =>
      `Callback API abnormal: answered HTTP ${p.status} "${p.answer ?? ''}"; the expected answer is success`,
    callbackUnreachable: (p) => `Callback API abnormal: not delivered (${p.error ?? ''})`,
    callbackRefused: (p) =>
      `The callback address is not a public address; nothing was sent (${p.error ?? ''}). A test server allows addresses inside its network with ALLOW_PRIVATE_CALLBACKS=1`,
  },
};

/** The stored reason of a failed delivery in the reader's language. */
export function statusDetailText(detail: string | null, lang: Lang): string | null {
  if (!detail) return null;
  try {
    const problem = JSON.parse(detail) as DeliveryProblem;
    const text = DETAIL_TEXTS[lang][problem.key];
    return text ? text(problem) : detail;
  } catch {
    return detail;
  }
}

export const CSV_COLUMNS: Record<Lang, string[]> = {
  'zh-CN': [
    '奖励ID',
    '活动',
    '奖品',
    '用户ID',
    '参与者编号',
    '发放状态',
    '说明',
    '发放方式',
    '券码',
    '上级',
    '新用户',
    '渠道',
    '方式',
    '操作系统',
    '国家',
    '时区',
    '获奖时间',
  ],
  'en-US': [
    'Reward ID',
    'Campaign',
    'Prize',
    'User ID',
    'Participant code',
    'Award status',
    'Detail',
    'Delivery',
    'Coupon code',
    'Superior',
    'New user',
    'Channel',
    'Method',
    'OS',
    'Country',
    'Time zone',
    'Reward time',
  ],
};
export const STATUS_WORDS: Record<Lang, Record<AwardStatus, string>> = {
  'zh-CN': { success: '成功', pending: '待发放', failure: '失败', manual: '人工发放', reissued: '已补发' },
  'en-US': {
    success: 'Success',
    pending: 'Pending',
    failure: 'Failure',
    manual: 'Manual award',
    reissued: 'Reissued',
  },
};
