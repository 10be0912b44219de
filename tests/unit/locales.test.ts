import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const localesDir = join(root, 'locales');
const webDir = join(root, 'src', 'web');
const languages = ['zh-CN', 'en-US'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf key of a namespace as a dotted path; plural forms count as their base key. */
function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix.replace(PLURAL, '')];
}

function namespaceFiles(): string[] {
  const names = new Set<string>();
  for (const lang of languages) {
    for (const file of readdirSync(join(localesDir, lang)))
      if (file.endsWith('.json')) names.add(file.replace(/\.json$/, ''));
  }
  return [...names].sort();
}

function readNamespace(lang: string, ns: string): Set<string> | null {
  try {
    return new Set(flatten(JSON.parse(readFileSync(join(localesDir, lang, `${ns}.json`), 'utf8'))));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function missing(from: Set<string>, to: Set<string>): string[] {
  return [...from].filter((key) => !to.has(key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const namespaces = namespaceFiles();
const keys: Record<string, Record<string, Set<string> | null>> = Object.fromEntries(
  languages.map((lang) => [lang, Object.fromEntries(namespaces.map((ns) => [ns, readNamespace(lang, ns)]))]),
);

describe('locales', () => {
  it('finds the namespaces', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'menu', 'accounts', 'status']));
  });

  it('detects a key missing from one side (the checker itself works)', () => {
    expect(missing(new Set(flatten({ a: { b: 'x', c_one: 'y', c_other: 'z' } })), new Set(['a.b']))).toEqual([
      'a.c',
    ]);
  });

  for (const ns of namespaces) {
    it(`${ns}.json has the same keys in zh-CN and en-US`, () => {
      const zh = keys['zh-CN'][ns];
      const en = keys['en-US'][ns];
      expect(zh, `locales/zh-CN/${ns}.json is missing`).not.toBeNull();
      expect(en, `locales/en-US/${ns}.json is missing`).not.toBeNull();
      expect(missing(zh!, en!), `keys in zh-CN/${ns}.json missing from en-US`).toEqual([]);
      expect(missing(en!, zh!), `keys in en-US/${ns}.json missing from zh-CN`).toEqual([]);
    });
  }

  it("every t('ns:key') used in src/web exists", () => {
    const known = (ns: string) => namespaces.includes(ns);
    const exists = (ns: string, key: string) => languages.some((lang) => keys[lang][ns]?.has(key));
    const problems: string[] = [];
    let checked = 0;
    const literal = /(['"`])([A-Za-z]+):([A-Za-z0-9_.${}[\]\s?'"]+?)\1/g;
    for (const file of sourceFiles(webDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(literal)) {
        const [, quote, ns, key] = match;
        if (!known(ns)) continue;
        checked += 1;
        if (quote === '`' && key.includes('${')) {
          // A computed key: at least one real key must fit the pattern.
          const pattern = new RegExp(
            `^${key
              .split(/\$\{[^}]*\}/)
              .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
              .join('[^.]+')}$`,
          );
          const fits = languages.some((lang) =>
            [...(keys[lang][ns] ?? [])].some((candidate) => pattern.test(candidate)),
          );
          if (!fits) problems.push(`${relative(root, file)}: ${ns}:${key}`);
        } else if (!exists(ns, key)) {
          problems.push(`${relative(root, file)}: ${ns}:${key}`);
        }
      }
    }
    expect(checked, 'no i18n keys found in src/web: the scanner is broken').toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });
});
