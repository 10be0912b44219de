import { page, type PageLoader } from '../../app/pageLoader';

// `analytics` holds the shared date preset labels and chart texts (features/linkAnalytics).
const NAMESPACES = ['analysis', 'analytics'];

/** Analysis pages by route title key (routeTable.ts). */
export const analysisPages: Record<string, PageLoader> = {
  'menu:page.overview': page(
    () => import('./overview/OverviewPage'),
    (m) => m.OverviewPage,
    NAMESPACES,
  ),
  'menu:page.audience': page(
    () => import('./audience/AudiencePage'),
    (m) => m.AudiencePage,
    NAMESPACES,
  ),
};
