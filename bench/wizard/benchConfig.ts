import type { Config, SchemaEntry } from '../../src/web/schema-form/schemaEntry';

/** The ten content languages of the benchmark (SPEC: language or country variants). */
export const BENCH_LANGUAGES = [
  'zh-CN',
  'zh-TW',
  'en-US',
  'ja-JP',
  'ko-KR',
  'th-TH',
  'vi-VN',
  'id-ID',
  'es-ES',
  'pt-BR',
];

const inAll = (text: string) => Object.fromEntries(BENCH_LANGUAGES.map((lang) => [lang, `${text} ${lang}`]));

/**
 * The lucky wheel's twenty-prize template with every text in ten languages: 20 prizes x 10
 * languages of names and descriptions, the benchmark form.
 */
export function benchConfig(entry: SchemaEntry): Config {
  const template = entry.templates.find((t) => t.name === 'twenty-prizes');
  if (!template) throw new Error('lucky-wheel has no twenty-prizes template');
  const config = JSON.parse(JSON.stringify(template.config)) as Config;
  const prizes = config.prizes as Array<Record<string, unknown>>;
  config.languages = BENCH_LANGUAGES;
  config.pageTitle = inAll('Lucky');
  (config.rules as Record<string, unknown>).text = inAll('Rules');
  (config.buttons as Record<string, unknown>).text = inAll('Go');
  (config.share as Record<string, unknown>).title = inAll('Share');
  (config.share as Record<string, unknown>).description = inAll('Join');
  prizes.forEach((prize, i) => {
    prize.name = inAll(`P${i + 1}`);
    prize.description = inAll(`Prize ${i + 1} description`);
  });
  return config;
}
