import type { Lang } from './lang';

/**
 * One message as a sentence: in English it starts with a capital and ends with a full stop
 * ("At least 1 character."); Chinese messages stay as written ("至少 1 个字符").
 */
export function asSentence(message: string, lang: Lang): string {
  const text = message.trim();
  if (text === '' || lang !== 'en-US') return text.replace(/[；;。]+$/, '');
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…)]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * The messages of one field as separate sentences, never glued: "At least 1 character. Must not
 * contain spaces." / "至少 1 个字符；不能包含空格". Repeated messages are said once.
 */
export function joinMessages(messages: readonly string[], lang: Lang): string {
  const sentences = [...new Set(messages.map((m) => asSentence(m, lang)).filter((m) => m !== ''))];
  return sentences.join(lang === 'en-US' ? ' ' : '；');
}

/**
 * Messages that name their field, for lists away from the field (a wizard step's summary):
 * "Prize 2 › Stock: Must be at least 0." / "奖品 2 › 库存：不能小于 0". No label, no prefix.
 */
export function fieldMessage(label: string, messages: readonly string[], lang: Lang): string {
  const text = joinMessages(messages, lang);
  if (!label) return text;
  return lang === 'en-US' ? `${label}: ${text}` : `${label}：${text}`;
}
