import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import type { StoredLng } from '../session/clientStore';
import { languages } from './languages';

type Namespaces = Record<string, Record<string, unknown>>;

/**
 * The texts loaded per language, each part one chunk per language: `core` for every screen (the
 * sign-in pages, the status pages) with antd's locale, awaited before the first render; `shell`
 * for the signed-in console around the pages (menu, home, projects), loaded with its layout.
 */
type Part = 'core' | 'shell';

const loaders: Record<
  Part,
  Record<StoredLng, () => Promise<{ resources: Namespaces; antdLocale?: Locale }>>
> = {
  core: {
    zhCN: () => import('./resources/zhCN'),
    enUS: () => import('./resources/enUS'),
  },
  shell: {
    zhCN: () => import('./resources/shell/zhCN'),
    enUS: () => import('./resources/shell/enUS'),
  },
};

const antdLocales: Partial<Record<StoredLng, Locale>> = {};
const loading = new Map<string, Promise<void>>();
// The parts the console has asked for: a language switch loads each of them in the new language.
const parts = new Set<Part>(['core']);
let current: StoredLng = 'zhCN';

function ensurePart(part: Part, lng: StoredLng): Promise<void> {
  const key = `${part}:${lng}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = loaders[part][lng]().then(
      (bundle) => {
        const code = languages[lng].i18n;
        for (const [ns, resources] of Object.entries(bundle.resources))
          i18next.addResourceBundle(code, ns, resources, true, true);
        if (bundle.antdLocale) antdLocales[lng] = bundle.antdLocale;
      },
      (error: unknown) => {
        // The next navigation or switch tries again (e.g. after a network blip).
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

async function ensureLanguage(lng: StoredLng): Promise<void> {
  await Promise.all([...parts].map((part) => ensurePart(part, lng)));
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
  current = lng;
  // Both locales hold every key (tests/unit/locales.test.ts), so no fallback bundle is fetched.
  await ensureLanguage(lng);
  document.documentElement.lang = languages[lng].i18n;
}

/** The signed-in console's texts in the current language (the root layout's loader waits for them). */
export async function loadShellTexts(): Promise<void> {
  parts.add('shell');
  let lng: StoredLng;
  // A language switch meanwhile wants them in its language too.
  do {
    lng = current;
    await ensurePart('shell', lng);
  } while (lng !== current);
}

/** Switches language at run time: loads the texts needed in that language, then i18next. */
export async function changeLanguage(lng: StoredLng): Promise<void> {
  await ensureLanguage(lng);
  current = lng;
  // A part asked for meanwhile (the shell's, on signing in) in this language as well.
  await ensureLanguage(lng);
  await i18next.changeLanguage(languages[lng].i18n);
  document.documentElement.lang = languages[lng].i18n;
}
