import { createContext, useContext } from 'react';
import type { T, UiLang } from '../i18n/texts';

// The participant app's i18n setup (i18n/texts.ts) over the offerwall's own words
// (locales/*/offerwall.json `app`), so the player's page never carries them. The rules are the
// same: Chinese variants read Chinese, others English; `{{name}}` placeholders. Only the page
// language's file is loaded, while the session and the wall are asked for.

type Tree = { [key: string]: string | Tree };

/** The page's language for a language tag: Chinese variants read Chinese, others English. */
export function offerwallLang(lang: string | undefined): UiLang {
  return lang?.trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** The X-Lang header value that makes the server answer messages in the same language. */
export const offerwallApiLang = (lang: UiLang) => (lang === 'zh-CN' ? 'zh-cn' : 'en');

/** The translate function over one language's words (offerwall.json `app`). */
export function translator(words: Tree): T {
  return (key, params) => {
    let node: string | Tree | undefined = words;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    // A missing key shows itself rather than nothing (tests/unit/locales.test.ts keeps the files even).
    const text = typeof node === 'string' ? node : key;
    return params ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : text;
  };
}

/** The words of a language, fetched once. */
export async function loadOfferwallT(lang: UiLang): Promise<T> {
  const file =
    lang === 'zh-CN'
      ? await import('../../../locales/zh-CN/offerwall.json')
      : await import('../../../locales/en-US/offerwall.json');
  return translator(file.default.app);
}

export const OfferwallTextsContext = createContext<T>(translator({}));

export const useOfferwallT = () => useContext(OfferwallTextsContext);
