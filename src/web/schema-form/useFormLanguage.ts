import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnumLabeler } from './autoUi';
import type { FormLang } from './engineValidator';

/**
 * The UI language as the engine names it, the entry's strings in it, and enum labels: the entry's
 * own words first (`goal.download-register`), then the console's (`wizard:enum.*`), else the value.
 */
export function useFormLanguage(locales: Record<string, Record<string, string>> | undefined) {
  const { t, i18n } = useTranslation();
  const lang: FormLang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const strings = locales?.[lang] ?? locales?.['zh-CN'] ?? EMPTY;
  const enumLabel = useCallback<EnumLabeler>(
    (property, value) => {
      const v = String(value);
      const own = strings[`enum.${property}.${v}`] ?? strings[`${property}.${v}`];
      if (own) return own;
      const key = `wizard:enum.${v}`;
      return i18n.exists(key) ? t(key) : v;
    },
    [strings, t, i18n],
  );
  const consoleText = useCallback((key: string) => t(key), [t]);
  return { lang, strings, enumLabel, consoleText };
}

const EMPTY: Record<string, string> = {};
