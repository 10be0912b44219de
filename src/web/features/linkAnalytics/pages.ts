import type { PageLoader } from '../../app/featurePages';
import { linkPage } from '../links/linkPage';

/** Link analytics pages by route title key (routeTable.ts); loaded with the deep-link pages. */
export const linkAnalyticsPages: Record<string, PageLoader> = {
  'menu:page.channelAnalytics': linkPage('channelAnalytics'),
  'menu:page.eventStatistics': linkPage('eventStatistics'),
};
