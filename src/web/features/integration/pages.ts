import type { PageLoader } from '../../app/featurePages';
import { integrationPage } from './integrationPage';

/** Integration pages by route title key (routeTable.ts); redirect settings belong to links. */
export const integrationPages: Record<string, PageLoader> = {
  'menu:page.accessToken': integrationPage(
    () => import('./accessToken/AccessTokenPage'),
    (m) => m.AccessTokenPage,
  ),
  'menu:page.sdkIntegrate': integrationPage(
    () => import('./sdk/SdkIntegratePage'),
    (m) => m.SdkIntegratePage,
  ),
  'menu:page.testDevice': integrationPage(
    () => import('./testDevices/TestDevicePage'),
    (m) => m.TestDevicePage,
  ),
  'menu:page.eventLogs': integrationPage(
    () => import('./eventLogs/EventLogsPage'),
    (m) => m.EventLogsPage,
  ),
};
