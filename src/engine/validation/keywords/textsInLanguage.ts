import type { FuncKeywordDefinition } from 'ajv';
import { fieldPointer, keywordError, readField, type CompiledCheck } from './keywordSupport';

export interface TextsInLanguageOptions {
  /** Field holding the language every text must have, e.g. `defaultLanguage`. */
  languageField: string;
  /** Per-language text objects (`{ "zh-CN": "...", "en-US": "..." }`) that must hold it, dotted paths allowed. */
  texts: string[];
  /** Catalogue key of the message; `textsInLanguage` unless told. */
  message?: string;
}

/**
 * `textsInLanguage`: on an object, each named per-language text that is filled in holds a
 * non-blank text in the language a field names. Participants whose language is missing see the
 * default language, so the default language itself must never be missing.
 */
export const textsInLanguage: FuncKeywordDefinition = {
  keyword: 'textsInLanguage',
  type: 'object',
  schemaType: 'object',
  errors: true,
  metaSchema: {
    type: 'object',
    properties: {
      languageField: { type: 'string', minLength: 1 },
      texts: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
      message: { type: 'string' },
    },
    required: ['languageField', 'texts'],
    additionalProperties: false,
  },
  compile(options: TextsInLanguageOptions) {
    const targets = options.texts.map((t) => ({ path: t, at: fieldPointer(t) }));
    const check: CompiledCheck = (data, dataCxt) => {
      const lang = readField(data, options.languageField);
      if (typeof lang !== 'string') return true;
      const errors = [];
      for (const target of targets) {
        const text = readField(data, target.path);
        if (!text || typeof text !== 'object' || Array.isArray(text)) continue;
        const value = (text as Record<string, unknown>)[lang];
        if (typeof value === 'string' && value.trim() !== '') continue;
        errors.push(
          keywordError('textsInLanguage', dataCxt, target.at, {
            messageKey: options.message ?? 'textsInLanguage',
            value: lang,
          }),
        );
      }
      if (errors.length === 0) return true;
      check.errors = errors;
      return false;
    };
    return check;
  },
};
