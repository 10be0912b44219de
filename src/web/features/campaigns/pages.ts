import type { PageLoader } from '../../app/featurePages';
import { loadNamespaces } from '../../i18n/loadNamespaces';

// Route title keys (routeTable.ts) of this feature's pages.
const titles = [
  'campaigns',
  'adsCampaigns',
  'subActivities',
  'campaignDetail',
  'campaignLanguageConfig',
  'campaignPcAdaptation',
  'campaignPageEditor',
  'campaignReport',
  'adsCampaignReport',
  'subActivityReport',
  'rewards',
  'questionBank',
  'questionBankDetail',
  'userTypes',
  'tokenUrls',
  'rewardForms',
];

/**
 * Campaign, sub-activity, report and supporting-list pages by route title key. The shell holds
 * only this list and one import: the table of page chunks and, beside it, the locale namespaces
 * load on the first visit (the login screen and the shell have size budgets).
 */
export const campaignPages: Record<string, PageLoader> = Object.fromEntries(
  titles.map((title) => [
    `menu:page.${title}`,
    async () => {
      const [{ loadCampaignPage }] = await Promise.all([
        import('./loadCampaignPage'),
        loadNamespaces('campaigns', 'rewards', ...(title === 'campaignPageEditor' ? ['wizard'] : [])),
      ]);
      return { Component: await loadCampaignPage(title) };
    },
  ]),
);
