import { page, type PageLoader } from '../../app/pageLoader';

const NAMESPACES = ['risk'];

/** Risk control pages by route title key (routeTable.ts). */
export const riskPages: Record<string, PageLoader> = {
  'menu:page.riskBlocklist': page(
    () => import('./RiskBlocklistPage'),
    (m) => m.RiskBlocklistPage,
    NAMESPACES,
  ),
};
