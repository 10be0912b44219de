import type { PageLoader } from '../../app/featurePages';
import type { LinkPageName } from './linkPageLoaders';

/** The route loader of a deep-link page (see linkPageLoaders.ts for why it takes two steps). */
export function linkPage(name: LinkPageName): PageLoader {
  return async () => (await import('./linkPageLoaders')).loadLinkPage(name);
}
