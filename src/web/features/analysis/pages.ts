import type { PageLoader } from '../../app/featurePages';
import { analysisPage } from './analysisPage';

/** Analysis pages by route title key (routeTable.ts). */
export const analysisPages: Record<string, PageLoader> = {
  'menu:page.overview': analysisPage(
    () => import('./overview/OverviewPage'),
    (m) => m.OverviewPage,
  ),
  'menu:page.audience': analysisPage(
    () => import('./audience/AudiencePage'),
    (m) => m.AudiencePage,
  ),
};
