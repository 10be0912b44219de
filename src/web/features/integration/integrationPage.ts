import type { ComponentType } from 'react';
import type { PageLoader } from '../../app/featurePages';
import { namespaceLoader } from './namespaceLoader';

// `analytics` holds the shared date preset labels (features/linkAnalytics/DateRangePresets).
const loadLocales = namespaceLoader(
  import.meta.glob<Record<string, unknown>>('../../../../locales/*/{integration,analytics}.json', {
    import: 'default',
  }),
);

/** An integration page: its chunk and its namespaces, fetched together before the route renders. */
export function integrationPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageLoader {
  return async () => {
    const [module] = await Promise.all([load(), loadLocales()]);
    return { Component: pick(module) };
  };
}
