import { getI18n } from 'react-i18next';

// The deep-link namespaces are not part of the language chunk every screen loads (the login
// screen has a size budget); each page of links and link analytics loads them first, both
// languages at once so a language switch needs nothing more.
const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/{links,analytics}.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;

/** Adds the `links` and `analytics` namespaces of both languages to i18next (once). */
export function loadLinkLocales(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(files).map(async ([path, load]) => {
      const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
      if (!lang || !ns) return;
      getI18n().addResourceBundle(lang, ns, await load(), true, true);
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
}
