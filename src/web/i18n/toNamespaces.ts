export type Namespaces = Record<string, Record<string, unknown>>;

/** Turns `import.meta.glob` results keyed by file path into i18next namespaces keyed by file name. */
export function toNamespaces(files: Record<string, Record<string, unknown>>): Namespaces {
  const namespaces: Namespaces = {};
  for (const [path, content] of Object.entries(files)) {
    const name = path
      .split('/')
      .pop()
      ?.replace(/\.json$/, '');
    if (name) namespaces[name] = content;
  }
  return namespaces;
}
