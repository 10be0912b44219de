import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { oneLineRule } from './oneLineRule';

const check = (value: unknown) =>
  (oneLineRule as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value);

describe('oneLineRule', () => {
  it('passes one line of text and empty values', async () => {
    await expect(check('春节 Lucky Wheel')).resolves.toBeUndefined();
    await expect(check(undefined)).resolves.toBeUndefined();
  });
  it('refuses a line break or a control character with the server words', async () => {
    await i18next.init({ lng: 'en-US', resources: {} });
    await expect(check('a\nb')).rejects.toThrow('Must be a single line, without line breaks or tabs');
    await expect(check('a\u0000b')).rejects.toThrow('Must not contain control characters (found U+0000)');
    await i18next.changeLanguage('zh-CN');
    await expect(check('a\tb')).rejects.toThrow('只能填写一行，不能包含换行或制表符');
  });
});
