import type { PageLoader } from '../../app/featurePages';
import { linkPage } from '../links/linkPage';

/** Link analytics pages by route title key (routeTable.ts). */
export const linkAnalyticsPages: Record<string, PageLoader> = {
  'menu:page.channelAnalytics': linkPage(
    () => import('./ChannelAnalyticsPage'),
    (m) => m.ChannelAnalyticsPage,
  ),
  'menu:page.eventStatistics': linkPage(
    () => import('./EventStatisticsPage'),
    (m) => m.EventStatisticsPage,
  ),
};
