import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../campaigns/languageName';

/**
 * Names a content language (`en-US`) as the schema forms' language picker does (`wizard:enum.*`,
 * loaded with the page), else as the browser names it in the UI language.
 */
export function useLanguageLabel(): (code: string) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (code: string) => {
      const key = `wizard:enum.${code}`;
      return i18n.exists(key) ? t(key) : languageName(code, i18n.language);
    },
    [t, i18n],
  );
}
