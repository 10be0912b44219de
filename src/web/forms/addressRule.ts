import type { FormRule } from 'antd';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { normalizeLang } from '../../engine/validation/lang';
import { urlRuleProblem, type UrlRuleKind } from '../../engine/validation/urlProblem';
import { privateCallbacksAllowed } from './consoleSettings';

/**
 * An antd form rule with the engine's address rule (`urlProblem`): internal hosts in any
 * spelling, script schemes, images outside http(s) and `/uploads/`. The field's own pattern rule
 * keeps saying what shape it wants; this one adds what a pattern cannot see, in the words the
 * server answers with. Blank values are the `required` rule's business. `callback` is `http` for
 * an address the server calls: internal hosts pass while the server allows private callbacks,
 * and otherwise its message says how a test server allows them.
 */
export function addressRule(kind: UrlRuleKind, language: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const problem = urlRuleProblem(value.trim(), kind);
      if (problem?.reason === 'private' && kind === 'callback' && privateCallbacksAllowed()) return;
      if (problem && problem.reason !== 'shape')
        throw new Error(validationMessage(problem.messageKey, normalizeLang(language), problem.params));
    },
  };
}
