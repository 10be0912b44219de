import i18next from 'i18next';

// Every namespace outside the language chunks (see resources/*.ts and resources/shell/*.ts), one
// lazy chunk per file. errors/validation are the server's and the engine's texts and never load
// here; participant is the player's page's own (the console never shows it).
const files = import.meta.glob<Record<string, unknown>>(
  [
    '../../../locales/*/*.json',
    '!**/{accounts,common,home,menu,projects,status,errors,validation,participant}.json',
  ],
  { import: 'default' },
);

const loading = new Map<string, Promise<void>>();

function loadNamespace(ns: string): Promise<void> {
  let promise = loading.get(ns);
  if (!promise) {
    const entries = Object.entries(files).filter(([path]) => path.endsWith(`/${ns}.json`));
    if (entries.length === 0) return Promise.reject(new Error(`no locale files for namespace "${ns}"`));
    // Both languages at once, so a language switch needs nothing more.
    promise = Promise.all(
      entries.map(async ([path, load]) => {
        const lang = /locales\/([^/]+)\//.exec(path)?.[1];
        if (lang) i18next.addResourceBundle(lang, ns, await load(), true, true);
      }),
    ).then(
      () => {},
      (error: unknown) => {
        // Let the next navigation try again (e.g. after a network blip).
        loading.delete(ns);
        throw error;
      },
    );
    loading.set(ns, promise);
  }
  return promise;
}

/** Adds feature namespaces (both languages) to i18next, each fetched once. */
export async function loadNamespaces(...namespaces: string[]): Promise<void> {
  await Promise.all(namespaces.map(loadNamespace));
}
