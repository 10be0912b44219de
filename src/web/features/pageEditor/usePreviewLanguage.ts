import { useState } from 'react';
import type { Config } from '../../schema-form/schemaEntry';
import { pageLanguages } from './previewModel';

/**
 * The language the canvas shows: the one picked while the campaign still has it, else the
 * campaign's default language; and the campaign's languages to pick from.
 */
export function usePreviewLanguage(config: Config) {
  const { languages, defaultLanguage } = pageLanguages(config);
  const [picked, setLang] = useState(defaultLanguage);
  const lang = languages.includes(picked) ? picked : defaultLanguage;
  return { lang, languages, setLang };
}
