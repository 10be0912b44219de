import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Texts that send a reader to a console page name it as the side menu and the page title do
// (menu.json `page.*`): the README, and every `<page>…</page>` link of the console's texts. The
// token callback has one home, the Access key page's Developer settings card, and each text that
// says where it is set names both.

const root = join(import.meta.dirname, '..', '..');
type Json = { [key: string]: string | Json };

function namespace(lang: string, ns: string): Json {
  return JSON.parse(readFileSync(join(root, 'locales', lang, `${ns}.json`), 'utf8')) as Json;
}

function leaves(value: Json | string, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

function at(value: Json, path: string): string {
  // Some namespaces (errors) keep dotted keys flat.
  if (typeof value[path] === 'string') return value[path];
  const found = path.split('.').reduce<Json | string>((node, key) => (node as Json)[key], value);
  if (typeof found !== 'string') throw new Error(`no text at ${path}`);
  return found;
}

const LANGS = { 'en-US': { pageWord: / page$/ }, 'zh-CN': { pageWord: /页面$/ } } as const;

describe('page names', () => {
  for (const [lang, { pageWord }] of Object.entries(LANGS)) {
    const menu = namespace(lang, 'menu');
    const titles = new Set(leaves(menu.page as Json).map(([, title]) => title));
    const all = readdirSync(join(root, 'locales', lang))
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        leaves(namespace(lang, file.replace(/\.json$/, ''))).map(([key, text]) => ({ file, key, text })),
      );

    it(`${lang}: every <page> link of the console's texts names a menu page`, () => {
      const links = all.flatMap(({ file, key, text }) =>
        [...text.matchAll(/<page>(.*?)<\/page>/g)].map((m) => ({ where: `${file} ${key}`, name: m[1] })),
      );
      expect(links.length).toBeGreaterThan(3);
      for (const { where, name } of links)
        expect(titles, `${where}: "${name}"`).toContain(name.replace(pageWord, ''));
    });

    it(`${lang}: texts saying where the token callback is set name the Access key page and its Developer settings card`, () => {
      const accessKey = at(menu, 'page.accessToken');
      const devSettings = at(namespace(lang, 'integration'), 'devConfig.title');
      const pointers = [
        at(namespace(lang, 'errors'), 'play.tokenCallbackMissing'),
        at(namespace(lang, 'rewards'), 'callback.description'),
        at(namespace(lang, 'campaigns'), 'link.handoff.token'),
      ];
      for (const text of pointers) {
        expect(text).toMatch(new RegExp(`${accessKey}(</page>|”)?( page|页面)`));
        expect(text).toContain(devSettings);
      }
      // The Callback addresses page does not claim the token callback, and the token callback's help names that page.
      const help = at(namespace(lang, 'integration'), 'devConfig.tokenCallbackHelp');
      expect(help).toContain(at(menu, 'page.tokenUrls'));
    });
  }

  it('the README names pages as the English menu does', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const menu = namespace('en-US', 'menu');
    for (const key of ['accessToken', 'tokenUrls', 'events', 'taskCenter'])
      expect(readme).toContain(`${at(menu, `page.${key}`)} page`);
    expect(readme).toContain(
      `${at(namespace('en-US', 'integration'), 'devConfig.title')}, "${at(namespace('en-US', 'integration'), 'devConfig.tokenCallback')}"`,
    );
    expect(readme).not.toMatch(/access token page/i);
    expect(readme).not.toMatch(/\bEvent page\b/);
  });
});
