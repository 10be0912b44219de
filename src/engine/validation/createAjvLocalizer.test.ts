import { describe, expect, it } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { addEngineKeywords, ENGINE_AJV_OPTIONS } from './createEngineAjv';
import { createAjvLocalizer } from './createAjvLocalizer';

// The web's path: RJSF's ajv extended with the engine keywords and messages.
describe('createAjvLocalizer with RJSF', () => {
  // Custom keywords are not in JSONSchema7's type: build it untyped, then hand it over.
  const schema = {
    type: 'object',
    properties: {
      prizes: {
        type: 'array',
        items: { type: 'object', properties: { odds: { type: 'number' } } },
        probabilitySum: { field: 'odds' },
      },
      colour: { type: 'string', pattern: '^#[0-9a-f]{3}$', errorMessage: { pattern: 'msg:hexColor' } },
    },
  };
  it('reports custom keywords and errorMessage texts under the right field, localized', () => {
    for (const [lang, sum, colour] of [
      ['zh-CN', '概率之和必须为 100%，当前为 50%', '请输入 3 位或 6 位十六进制颜色，如 #fff 或 #1677ff'],
      [
        'en-US',
        'Probabilities must total 100%, currently 50%',
        'Enter a 3- or 6-digit hex colour such as #fff or #1677ff',
      ],
    ] as const) {
      const validator = customizeValidator(
        { ajvOptionsOverrides: ENGINE_AJV_OPTIONS, extenderFn: addEngineKeywords },
        createAjvLocalizer(lang),
      );
      const { errors } = validator.validateFormData(
        { prizes: [{ odds: 50 }], colour: 'red' },
        schema as RJSFSchema,
      );
      expect(errors.map((e) => [e.property, e.message])).toEqual([
        ['.prizes', sum],
        ['.colour', colour],
      ]);
    }
  });
});
