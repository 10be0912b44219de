import type { ComponentType } from 'react';
import type { PageLoader } from '../../app/featurePages';
import { namespaceLoader } from '../integration/namespaceLoader';

// `analytics` holds the shared date preset labels and chart texts (features/linkAnalytics).
const loadLocales = namespaceLoader(
  import.meta.glob<Record<string, unknown>>('../../../../locales/*/{analysis,analytics}.json', {
    import: 'default',
  }),
);

/** An analysis page: its chunk and its namespaces, fetched together before the route renders. */
export function analysisPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageLoader {
  return async () => {
    const [module] = await Promise.all([load(), loadLocales()]);
    return { Component: pick(module) };
  };
}
