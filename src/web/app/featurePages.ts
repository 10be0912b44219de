import { adsPages } from '../features/ads/pages';
import { analysisPages } from '../features/analysis/pages';
import { campaignPages } from '../features/campaigns/pages';
import { campaignWizardPages } from '../features/campaignWizard/pages';
import { integrationPages } from '../features/integration/pages';
import { linkAnalyticsPages } from '../features/linkAnalytics/pages';
import { linkPages } from '../features/links/pages';
import { riskPages } from '../features/risk/pages';
import { taskCenterPages } from '../features/taskCenter/pages';
import { turboPages } from '../features/turbo/pages';

import type { PageLoader } from './pageLoader';

export type { PageLoader };

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
  ...taskCenterPages,
  ...turboPages,
  ...adsPages,
  ...riskPages,
};
