import type { Lang } from '../../engine/validation/lang';
import type { MailMessage } from '../mail/mailer';

// Server-side mail text, in both console languages.
const TEXT: Record<Lang, { subject: string; body: (link: string, minutes: number) => string }> = {
  'zh-CN': {
    subject: 'Growth Console 重置密码',
    body: (link, minutes) =>
      `您好，\n\n请在 ${minutes} 分钟内打开以下链接重置密码：\n${link}\n\n如果不是您本人操作，请忽略此邮件。`,
  },
  'en-US': {
    subject: 'Reset your Growth Console password',
    body: (link, minutes) =>
      `Hello,\n\nOpen this link within ${minutes} minutes to reset your password:\n${link}\n\nIf you did not ask for this, ignore this mail.`,
  },
};

/** The reset-password mail in the requester's language. */
export function resetPasswordMail(to: string, link: string, minutes: number, lang: Lang): MailMessage {
  const text = TEXT[lang];
  return { to, subject: text.subject, text: text.body(link, minutes) };
}
