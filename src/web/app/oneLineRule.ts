import type { FormRule } from 'antd';
import i18next from 'i18next';
import { normalizeLang } from '../../engine/validation/lang';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { refusedCharacter } from '../../engine/validation/unsafeValueIssues';

/**
 * A name, title, key or id is one line without control characters: the server's `singleLine`
 * rule (and its words), checked in the form before submit.
 */
export const oneLineRule: FormRule = {
  validator: (_rule, value: unknown) => {
    if (typeof value !== 'string' || !refusedCharacter(value, 'singleLine')) return Promise.resolve();
    const lang = normalizeLang(i18next.language);
    const char = refusedCharacter(value, 'text');
    const message = char
      ? validationMessage('controlCharacter', lang, { char })
      : validationMessage('singleLine', lang);
    return Promise.reject(new Error(message));
  },
};
