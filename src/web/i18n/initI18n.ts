import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import type { StoredLng } from '../session/clientStore';
import { languages } from './languages';

interface LanguageBundle {
  resources: Record<string, Record<string, unknown>>;
  antdLocale: Locale;
}

const loaders: Record<StoredLng, () => Promise<LanguageBundle>> = {
  zhCN: () => import('./resources/zhCN'),
  enUS: () => import('./resources/enUS'),
};

const antdLocales: Partial<Record<StoredLng, Locale>> = {};

async function ensureLanguage(lng: StoredLng): Promise<void> {
  if (antdLocales[lng]) return;
  const bundle = await loaders[lng]();
  const code = languages[lng].i18n;
  for (const [ns, resources] of Object.entries(bundle.resources))
    i18next.addResourceBundle(code, ns, resources, true, true);
  antdLocales[lng] = bundle.antdLocale;
}

/** antd's locale for a language already loaded by initI18n / changeLanguage. */
export function antdLocaleOf(lng: StoredLng): Locale | undefined {
  return antdLocales[lng];
}

/**
 * Starts i18next with the stored language (zh-CN by default). dayjs follows in the shell
 * (useDayjsLocale), so the login screen does not carry dayjs at all.
 */
export async function initI18n(lng: StoredLng): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: languages[lng].i18n,
    fallbackLng: false,
    defaultNS: 'common',
    ns: ['common'],
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Both locales hold every key (tests/unit/locales.test.ts), so no fallback bundle is fetched.
  await ensureLanguage(lng);
  document.documentElement.lang = languages[lng].i18n;
}

/** Switches language at run time: loads the bundle if needed, then i18next. */
export async function changeLanguage(lng: StoredLng): Promise<void> {
  await ensureLanguage(lng);
  await i18next.changeLanguage(languages[lng].i18n);
  document.documentElement.lang = languages[lng].i18n;
}
