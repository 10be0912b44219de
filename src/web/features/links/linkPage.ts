import type { ComponentType } from 'react';
import type { PageLoader } from '../../app/featurePages';
import { loadLinkLocales } from './loadLinkLocales';

/**
 * A page of links or link analytics: its chunk and the deep-link namespaces, fetched together
 * before the route renders. (Not featurePages' `page`: that module imports this domain's map.)
 */
export function linkPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageLoader {
  return async () => {
    const [module] = await Promise.all([load(), loadLinkLocales()]);
    return { Component: pick(module) };
  };
}
