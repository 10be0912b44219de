import { createContext, useContext } from 'react';
import zhCN from '../../../locales/zh-CN/participant.json';
import enUS from '../../../locales/en-US/participant.json';

export type UiLang = 'zh-CN' | 'en-US';
type Tree = { [key: string]: string | Tree };

const BUNDLES: Record<UiLang, Tree> = { 'zh-CN': zhCN.app, 'en-US': enUS.app };

function known(lang: string | undefined): UiLang | undefined {
  const lower = lang?.trim().toLowerCase() ?? '';
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return undefined;
}

/**
 * The language of the page's own words: the campaign language when the app has words for it
 * (Chinese variants read Chinese), else the campaign's default language, else English.
 */
export function uiLang(lang: string | undefined, defaultLanguage?: string): UiLang {
  return known(lang) ?? known(defaultLanguage) ?? 'en-US';
}

/** The X-Lang header value that makes the server answer messages in the same language. */
export const apiLang = (lang: UiLang) => (lang === 'zh-CN' ? 'zh-cn' : 'en');

export type T = (key: string, params?: Record<string, string | number>) => string;

/** The translate function of a language: dotted keys of locales/<lang>/participant.json `app`. */
export function makeT(lang: UiLang): T {
  return (key, params) => {
    let node: string | Tree | undefined = BUNDLES[lang];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    // A missing key shows itself rather than nothing (tests/unit/locales.test.ts keeps them).
    const text = typeof node === 'string' ? node : key;
    return params ? text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : text;
  };
}

export const TextsContext = createContext<T>(makeT('zh-CN'));

export const useT = () => useContext(TextsContext);
