type Strings = Record<string, string>;

/** A template text key's path into the config: `template.classic.title` -> `['title']` for `classic`. */
export interface TemplateTextKey {
  key: string;
  path: string[];
}

/**
 * The keys of an entry's strings that hold one template's single-language texts:
 * `template.<name>.<path>`, the path dot-separated into the config (`template.classic.title`,
 * `template.delivery.items.0.label`). `template.<name>` itself is the template's display name.
 */
export function templateTextKeys(name: string, strings: Strings | undefined): TemplateTextKey[] {
  const prefix = `template.${name}.`;
  return Object.keys(strings ?? {})
    .filter((key) => key.startsWith(prefix) && key.length > prefix.length)
    .map((key) => ({ key, path: key.slice(prefix.length).split('.') }));
}

function isContainer(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object';
}

/** The value at a path, undefined when the path leads nowhere. */
export function valueAtPath(config: unknown, path: readonly string[]): unknown {
  let node: unknown = config;
  for (const segment of path) {
    if (!isContainer(node)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * A template's config in one language: a copy in which every single-language text the entry's
 * strings name for it (`template.<name>.<path>`, see templateTextKeys) is that language's text,
 * e.g. the campaign title "幸运大转盘" becomes "Lucky-wheel" in en-US. Texts the config holds per
 * language (`{ "zh-CN": ..., "en-US": ... }`) stay as they are; a key naming no text of the config
 * changes nothing. Languages without the key keep the file's text.
 */
export function localizeTemplate<T>(
  name: string,
  config: T,
  locales: Record<string, Strings> | undefined,
  lang: string,
): T {
  const copy = JSON.parse(JSON.stringify(config ?? null)) as T;
  const strings = locales?.[lang];
  for (const { key, path } of templateTextKeys(name, strings)) {
    const parent = valueAtPath(copy, path.slice(0, -1));
    const last = path[path.length - 1];
    if (isContainer(parent) && typeof (parent as Record<string, unknown>)[last] === 'string')
      (parent as Record<string, unknown>)[last] = strings![key];
  }
  return copy;
}
