import i18next from 'i18next';

// The campaign and reward namespaces stay out of the language chunk every screen loads (the
// login screen has a size budget); each page of this feature loads them first, both languages at
// once so a language switch needs nothing more.
const files = import.meta.glob<Record<string, unknown>>('../../../../locales/*/{campaigns,rewards}.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;

/** Adds the `campaigns` and `rewards` namespaces of both languages to i18next (once). */
export function loadCampaignLocales(): Promise<void> {
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
}
