import { page, type PageLoader } from '../../app/pageLoader';

const NAMESPACES = ['turbo'];
// Banner pages name languages as the form's language picker does.
const BANNER_NAMESPACES = ['turbo', 'wizard'];
// The report's date range and chart speak the analytics words.
const REPORT_NAMESPACES = ['turbo', 'analytics'];

/** Turbo Banner and Turbo Script pages by route title key (routeTable.ts). */
export const turboPages: Record<string, PageLoader> = {
  'menu:page.turboBanner': page(
    () => import('./banner/TurboBannerListPage'),
    (m) => m.TurboBannerListPage,
    BANNER_NAMESPACES,
  ),
  'menu:page.turboBannerConfig': page(
    () => import('./banner/TurboBannerConfigPage'),
    (m) => m.TurboBannerConfigPage,
    BANNER_NAMESPACES,
  ),
  'menu:page.turboBannerReport': page(
    () => import('./report/TurboBannerReportPage'),
    (m) => m.TurboBannerReportPage,
    REPORT_NAMESPACES,
  ),
  'menu:page.turboScript': page(
    () => import('./script/TurboScriptListPage'),
    (m) => m.TurboScriptListPage,
    NAMESPACES,
  ),
  'menu:page.turboScriptConfig': page(
    () => import('./script/TurboScriptConfigPage'),
    (m) => m.TurboScriptConfigPage,
    NAMESPACES,
  ),
};
