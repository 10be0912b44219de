import i18next from 'i18next';

/** Locale files as `import.meta.glob` gives them lazily, keyed by `.../locales/<lang>/<ns>.json`. */
export type LocaleFiles = Record<string, () => Promise<Record<string, unknown>>>;

/**
 * A loader that adds the given namespace files (both languages, so a language switch needs
 * nothing more) to i18next once. These namespaces stay out of the language chunk every screen
 * loads: the login screen and the shell have a size budget.
 */
export function namespaceLoader(files: LocaleFiles): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () => {
    loading ??= Promise.all(
      Object.entries(files).map(async ([path, load]) => {
        const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
        if (!lang || !ns) return;
        i18next.addResourceBundle(lang, ns, await load(), true, true);
      }),
    ).then(
      () => {},
      (error: unknown) => {
        // Let the next navigation try again (e.g. after a network blip).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
}
