import type { ComponentType } from 'react';
import { analysisPages } from '../features/analysis/pages';
import { campaignPages } from '../features/campaigns/pages';
import { campaignWizardPages } from '../features/campaignWizard/pages';
import { integrationPages } from '../features/integration/pages';
import { linkAnalyticsPages } from '../features/linkAnalytics/pages';
import { linkPages } from '../features/links/pages';

/** Loads one page component lazily (its own chunk). */
export type PageLoader = () => Promise<{ Component: ComponentType }>;

/** Wraps a dynamic import into a route `lazy` loader. */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageLoader {
  return async () => ({ Component: pick(await load()) });
}

/**
 * Built feature pages by route title key (see routeTable.ts). Each feature domain exports its
 * own map from `features/<domain>/pages.ts`, spread in here; a route with no entry shows the
 * plain "not available yet" page.
 */
export const featurePages: Record<string, PageLoader> = {
  ...linkPages,
  ...linkAnalyticsPages,
  ...campaignPages,
  ...integrationPages,
  ...analysisPages,
  ...campaignWizardPages,
};
