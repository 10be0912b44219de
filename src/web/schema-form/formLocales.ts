import { useEffect, useState } from 'react';
import { loadNamespaces } from '../i18n/loadNamespaces';

// The `wizard` namespace (schema-form widgets and the campaign wizard) is not part of the
// language chunk every screen loads; forms fetch it through the shared namespace loader.
let loaded = false;

/** Adds the `wizard` namespace of both languages to i18next (once). */
export async function loadFormLocales(): Promise<void> {
  await loadNamespaces('wizard');
  loaded = true;
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
