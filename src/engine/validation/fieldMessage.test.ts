import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './keywords/checkWithKeywords';
import { asSentence, fieldMessage, joinMessages } from './fieldMessage';

// An empty campaign title fails two rules at once: the case the wizard once glued together
// ("At least 1 characters Must not contain spaces").
const title = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, pattern: '^\\S+$', errorMessage: { pattern: 'msg:noSpaces' } },
  },
};
const messagesOf = (lang: 'zh-CN' | 'en-US') =>
  checkWithKeywords(title, { title: '' }, lang).map((issue) => issue.message);

describe('message composition', () => {
  it('makes one message a sentence', () => {
    expect(asSentence('at least 1 character', 'en-US')).toBe('At least 1 character.');
    expect(asSentence('Done already.', 'en-US')).toBe('Done already.');
    expect(asSentence('至少 1 个字符', 'zh-CN')).toBe('至少 1 个字符');
  });

  it('keeps the messages of one field apart, in both languages', () => {
    expect(joinMessages(messagesOf('en-US'), 'en-US')).toBe('At least 1 character. Must not contain spaces.');
    expect(joinMessages(messagesOf('zh-CN'), 'zh-CN')).toBe('至少 1 个字符；不能包含空格');
    expect(joinMessages(['Same', 'Same'], 'en-US')).toBe('Same.');
  });

  it('names the field before its messages', () => {
    expect(fieldMessage('Prize 2 › Stock', ['Must be at least 0'], 'en-US')).toBe(
      'Prize 2 › Stock: Must be at least 0.',
    );
    expect(fieldMessage('奖品 2 › 库存', ['不能小于 0'], 'zh-CN')).toBe('奖品 2 › 库存：不能小于 0');
    expect(fieldMessage('Campaign title', messagesOf('en-US'), 'en-US')).toBe(
      'Campaign title: At least 1 character. Must not contain spaces.',
    );
    expect(fieldMessage('', ['This field is required'], 'en-US')).toBe('This field is required.');
  });
});
