import { describe, expect, it } from 'vitest';
import { checkWithKeywords } from './keywords/checkWithKeywords';
import { LANGS } from './lang';
import { validationMessage } from './localizeErrors';

// One failing value per built-in keyword: every issue is localized, field-addressed, never ajv's English.
const cases: [string, object, unknown, string][] = [
  ['type', { type: 'object', properties: { a: { type: 'integer' } } }, { a: 'x' }, '/a'],
  ['required', { type: 'object', required: ['a'] }, {}, '/a'],
  ['maxLength', { maxLength: 2 }, 'abc', ''],
  ['minLength', { minLength: 2 }, 'a', ''],
  ['maximum', { maximum: 2 }, 3, ''],
  ['minimum', { minimum: 2 }, 1, ''],
  ['exclusiveMaximum', { exclusiveMaximum: 2 }, 2, ''],
  ['exclusiveMinimum', { exclusiveMinimum: 2 }, 2, ''],
  ['multipleOf', { multipleOf: 5 }, 7, ''],
  ['maxItems', { maxItems: 1 }, [1, 2], ''],
  ['minItems', { minItems: 2 }, [1], ''],
  ['uniqueItems', { uniqueItems: true }, [1, 1], ''],
  ['maxProperties', { maxProperties: 1 }, { a: 1, b: 2 }, ''],
  ['minProperties', { minProperties: 1 }, {}, ''],
  ['additionalProperties', { type: 'object', properties: {}, additionalProperties: false }, { x: 1 }, '/x'],
  [
    'unevaluatedProperties',
    { type: 'object', allOf: [{ properties: { a: {} } }], unevaluatedProperties: false },
    { a: 1, b: 2 },
    '/b',
  ],
  ['enum', { enum: ['a'] }, 'b', ''],
  ['const', { const: 'a' }, 'b', ''],
  ['pattern', { pattern: '^a$' }, 'b', ''],
  ['format', { format: 'email' }, 'nope', ''],
  ['oneOf', { oneOf: [{ type: 'string' }, { type: 'string' }] }, 'x', ''],
  ['anyOf', { anyOf: [{ type: 'string' }, { type: 'number' }] }, true, ''],
  ['not', { not: { type: 'string' } }, 'x', ''],
  ['dependencies', { dependencies: { a: ['b'] } }, { a: 1 }, ''],
  ['contains', { contains: { const: 1 } }, [2], ''],
  ['propertyNames', { propertyNames: { pattern: '^[a-z]+$' } }, { A1: 1 }, '/A1'],
];

describe('localizeErrors', () => {
  for (const [keyword, schema, data, path] of cases) {
    it(`localizes ${keyword}`, () => {
      for (const lang of LANGS) {
        const issues = checkWithKeywords(schema, data, lang);
        const issue = issues.find((i) => i.keyword === keyword);
        expect(issue, `${keyword} in ${lang}: ${JSON.stringify(issues)}`).toBeDefined();
        expect(issue!.path).toBe(path);
        expect(issue!.message).not.toMatch(/\bmust\b|NOT|should/);
        expect(issue!.message.length).toBeGreaterThan(0);
        if (lang === 'zh-CN') expect(issue!.message).toMatch(/[\u4e00-\u9fff]/);
      }
    });
  }

  it('uses a catalogue key named by errorMessage and points at the field it stands for', () => {
    const schema = {
      type: 'array',
      allOf: [
        { contains: { properties: { t: { const: false } } }, errorMessage: 'msg:regularPrizeRequired' },
      ],
    };
    expect(checkWithKeywords(schema, [{ t: true }], 'en-US')).toEqual([
      { path: '', keyword: 'contains', message: 'At least one regular prize is required' },
    ]);
    const inline = {
      type: 'string',
      pattern: '^a',
      errorMessage: { pattern: JSON.stringify({ 'zh-CN': '以 a 开头', 'en-US': 'Start with a' }) },
    };
    expect(checkWithKeywords(inline, 'b', 'zh-CN')[0].message).toBe('以 a 开头');
  });

  it('says counts with the plural form they need', () => {
    expect(checkWithKeywords({ minLength: 1 }, '', 'en-US')[0].message).toBe('At least 1 character');
    expect(checkWithKeywords({ minLength: 2 }, 'a', 'en-US')[0].message).toBe('At least 2 characters');
    expect(checkWithKeywords({ maxItems: 1 }, [1, 2], 'en-US')[0].message).toBe('At most 1 item');
    expect(checkWithKeywords({ minItems: 3 }, [1], 'en-US')[0].message).toBe('At least 3 items');
    expect(checkWithKeywords({ minLength: 1 }, '', 'zh-CN')[0].message).toBe('至少 1 个字符');
    expect(validationMessage('prizeLimit', 'en-US', { limit: 20 })).toBe('At most 20 prizes');
  });
});
