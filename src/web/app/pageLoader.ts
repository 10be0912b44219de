import type { ComponentType } from 'react';
import { loadNamespaces } from '../i18n/loadNamespaces';

/** Loads one page component lazily (its own chunk). */
export type PageLoader = () => Promise<{ Component: ComponentType }>;

/**
 * Wraps a dynamic import into a route `lazy` loader; the page's locale namespaces, when named,
 * are fetched alongside its chunk before the route renders.
 */
export function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  namespaces: readonly string[] = [],
): PageLoader {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(...namespaces)]);
    return { Component: pick(module) };
  };
}
