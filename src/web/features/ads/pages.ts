import { page, type PageLoader } from '../../app/pageLoader';

const NAMESPACES = ['ads'];
// Pages naming content languages as the form's language picker does (and forms' own words).
const FORM_NAMESPACES = ['ads', 'wizard'];

/** Ads monetisation pages by route title key (routeTable.ts). */
export const adsPages: Record<string, PageLoader> = {
  'menu:page.adsConfig': page(
    () => import('./config/AdsConfigPage'),
    (m) => m.AdsConfigPage,
    FORM_NAMESPACES,
  ),
  'menu:page.adsStrategy': page(
    () => import('./strategy/AdsStrategyListPage'),
    (m) => m.AdsStrategyListPage,
    FORM_NAMESPACES,
  ),
  'menu:page.adsStrategyConfig': page(
    () => import('./strategy/AdsStrategyConfigPage'),
    (m) => m.AdsStrategyConfigPage,
    FORM_NAMESPACES,
  ),
  'menu:page.incomeReport': page(
    () => import('./report/IncomeReportPage'),
    (m) => m.IncomeReportPage,
    NAMESPACES,
  ),
  'menu:page.adPlans': page(
    () => import('./review/AdPlansPage'),
    (m) => m.AdPlansPage,
    FORM_NAMESPACES,
  ),
  'menu:page.adCampaigns': page(
    () => import('./review/AdCampaignsPage'),
    (m) => m.AdCampaignsPage,
    FORM_NAMESPACES,
  ),
  'menu:page.offerwallUsers': page(
    () => import('./cash/OfferwallUsersPage'),
    (m) => m.OfferwallUsersPage,
    NAMESPACES,
  ),
  'menu:page.cashOverview': page(
    () => import('./cash/CashOverviewPage'),
    (m) => m.CashOverviewPage,
    NAMESPACES,
  ),
  'menu:page.cashList': page(
    () => import('./cash/CashListPage'),
    (m) => m.CashListPage,
    NAMESPACES,
  ),
};
