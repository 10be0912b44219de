import type { FuncKeywordDefinition } from 'ajv';
import { urlProblem, type UrlKind } from '../urlProblem';
import { keywordError, type CompiledCheck } from './keywordSupport';

const KINDS: readonly UrlKind[] = ['http', 'image', 'appScheme', 'appSchemes'];

/**
 * `urlRule`: what an address may point at (see `urlProblem`): `http` a public http(s) address,
 * `image` an http(s) image or the console's `/uploads/…`, `appScheme` / `appSchemes` a
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
  compile(kind: UrlKind) {
    const check: CompiledCheck = (data, dataCxt) => {
      if (typeof data !== 'string') return true;
      const problem = urlProblem(data, kind);
      if (!problem || problem.reason === 'shape') return true;
      check.errors = [keywordError('urlRule', dataCxt, '', { messageKey: problem.messageKey, ...problem.params })];
      return false;
    };
    return check;
  },
};
