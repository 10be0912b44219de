import { useEffect, useState } from 'react';
import i18next from 'i18next';

// The `wizard` namespace (schema forms and the campaign wizard) is not part of the language chunk
// every screen loads (the login screen has a size budget): forms load it, both languages at
// once, so a language switch needs nothing more.
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/wizard.json', {
  import: 'default',
});

let loading: Promise<void> | undefined;
let loaded = false;

/** Adds the `wizard` namespace of both languages to i18next (once). */
export function loadFormLocales(): Promise<void> {
  loading ??= Promise.all(
    Object.entries(files).map(async ([path, load]) => {
      const [, lang] = /locales\/([^/]+)\/wizard\.json$/.exec(path) ?? [];
      if (lang) i18next.addResourceBundle(lang, 'wizard', await load(), true, true);
    }),
  ).then(
    () => {
      loaded = true;
    },
    (error: unknown) => {
      // Let the next form try again (e.g. after a network blip).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether the form words are there; loads them on first use. */
export function useFormLocales(): boolean {
  const [ready, setReady] = useState(loaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadFormLocales().then(
      () => live && setReady(true),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
