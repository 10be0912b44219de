import { gameOf, pageViewOf, prizeViews } from '../../../engine/page/pageView';
import { textInLanguage } from '../../../engine/page/pageText';
import type { CampaignView, PageData } from '../../../participant/api/playTypes';
import type { Config, SchemaEntry } from '../../schema-form/schemaEntry';

const list = (value: unknown): Config[] =>
  Array.isArray(value)
    ? value.filter((v): v is Config => !!v && typeof v === 'object' && !Array.isArray(v))
    : [];

/** The campaign's content languages and its default one. */
export function pageLanguages(config: Config): { languages: string[]; defaultLanguage: string } {
  const languages = Array.isArray(config.languages)
    ? config.languages.filter((l): l is string => typeof l === 'string')
    : [];
  const defaultLanguage =
    typeof config.defaultLanguage === 'string' ? config.defaultLanguage : (languages[0] ?? 'zh-CN');
  return { languages: languages.length > 0 ? languages : [defaultLanguage], defaultLanguage };
}

/**
 * What the participant API would answer for this config in `lang`, as a preview (nothing is
 * playable, nobody is signed in): the editor's canvas draws the real blocks from it. Deep links
 * are not resolved here (no address opens on the canvas anyway).
 */
export function previewPage(entry: SchemaEntry, config: Config, lang: string, now = new Date()): PageData {
  const { languages, defaultLanguage } = pageLanguages(config);
  const inLang = (value: unknown) => textInLanguage(value, lang, defaultLanguage);
  const title = typeof config.title === 'string' ? config.title : '';
  const startTime = typeof config.startTime === 'string' ? config.startTime : now.toISOString();
  const endTime = typeof config.endTime === 'string' ? config.endTime : now.toISOString();
  const play = entry.meta.play as { mechanic?: string; renderer?: string } | undefined;
  const campaign: CampaignView = {
    id: 'preview',
    mark: entry.mark,
    kind: entry.kind,
    mechanic: play?.mechanic ?? null,
    renderer: play?.renderer ?? null,
    playable: true,
    title,
    lang,
    languages,
    defaultLanguage,
    status: 'draft',
    joinState: 'open',
    startTime,
    endTime,
    timezone: typeof config.timezone === 'string' ? config.timezone : 'GMT+08:00',
    preview: true,
    page: pageViewOf(config, { title, startTime, now, lang, defaultLanguage }) as CampaignView['page'],
    game: gameOf(config) as CampaignView['game'],
    prizes: prizeViews(list(config.prizes), inLang),
    overBudget: false,
  };
  return {
    campaign,
    me: { participant: null, chances: null, canPlay: false, reason: 'preview', rewards: [], progress: {} },
  };
}
