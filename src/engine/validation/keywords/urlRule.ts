import type { FuncKeywordDefinition } from 'ajv';
import { urlRuleProblem, type UrlRuleKind } from '../urlProblem';
import { keywordError, type CompiledCheck } from './keywordSupport';

export type { UrlRuleKind } from '../urlProblem';
const KINDS: readonly UrlRuleKind[] = ['http', 'callback', 'image', 'appScheme', 'appSchemes'];

/**
 * The ajv option that lifts the internal-host refusal of `callback` addresses (the server's
 * ALLOW_PRIVATE_CALLBACKS=1): a boolean, or a function asked at every validation.
 */
export interface PrivateCallbacksOption {
  privateCallbacks?: boolean | (() => boolean);
}

/**
 * `urlRule`: what an address may point at (see `urlProblem`): `http` a public http(s) address,
 * `callback` the same for an address the server calls (internal hosts are allowed when the ajv
 * instance's `privateCallbacks` option says so; otherwise its message names that setting),
 * `image` an http(s) image, the console's `/uploads/…` or a schema folder's `/schema-assets/…`
 * artwork, `appScheme` / `appSchemes` a
 * `name://` app address (or a semicolon list of them) without javascript:, data:, file: and the
 * like. Internal hosts (localhost, private, loopback, link-local, … in any spelling) are refused.
 * The field's `pattern` keeps saying what shape it wants; this keyword adds what a pattern
 * cannot see and stays silent on values of the wrong shape, so one mistake gives one message.
 */
export const urlRule: FuncKeywordDefinition = {
  keyword: 'urlRule',
  type: 'string',
  schemaType: 'string',
  errors: true,
  metaSchema: { enum: KINDS },
  compile(rule: UrlRuleKind, _parentSchema, it) {
    const option = (it.opts as PrivateCallbacksOption).privateCallbacks;
    const privateAllowed = () =>
      rule === 'callback' && (typeof option === 'function' ? option() : option === true);
    const check: CompiledCheck = (data, dataCxt) => {
      if (typeof data !== 'string') return true;
      const problem = urlRuleProblem(data, rule);
      if (!problem || problem.reason === 'shape') return true;
      if (problem.reason === 'private' && privateAllowed()) return true;
      check.errors = [
        keywordError('urlRule', dataCxt, '', { messageKey: problem.messageKey, ...problem.params }),
      ];
      return false;
    };
    return check;
  },
};
