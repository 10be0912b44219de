import type { FormRule } from 'antd';
import i18next from 'i18next';
import { normalizeLang } from '../../engine/validation/lang';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { singleLineProblem } from '../../engine/validation/unsafeValueIssues';

/**
 * A name, title, key or id is one line without control characters: the server's `singleLine`
 * rule (and its words), checked in the form before submit.
 */
export const oneLineRule: FormRule = {
  validator: (_rule, value: unknown) => {
    const problem = typeof value === 'string' ? singleLineProblem(value) : undefined;
    if (!problem) return Promise.resolve();
    const lang = normalizeLang(i18next.language);
    return Promise.reject(new Error(validationMessage(problem.messageKey, lang, { char: problem.char })));
  },
};
