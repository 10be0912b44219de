import { page, type PageLoader } from '../../app/pageLoader';

// `analytics` holds the shared date preset labels (features/linkAnalytics/DateRangePresets).
const NAMESPACES = ['integration', 'analytics'];

/** Integration pages by route title key (routeTable.ts); redirect settings belong to links. */
export const integrationPages: Record<string, PageLoader> = {
  'menu:page.accessToken': page(
    () => import('./accessToken/AccessTokenPage'),
    (m) => m.AccessTokenPage,
    NAMESPACES,
  ),
  'menu:page.sdkIntegrate': page(
    () => import('./sdk/SdkIntegratePage'),
    (m) => m.SdkIntegratePage,
    NAMESPACES,
  ),
  'menu:page.testDevice': page(
    () => import('./testDevices/TestDevicePage'),
    (m) => m.TestDevicePage,
    NAMESPACES,
  ),
  'menu:page.eventLogs': page(
    () => import('./eventLogs/EventLogsPage'),
    (m) => m.EventLogsPage,
    NAMESPACES,
  ),
};
