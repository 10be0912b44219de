import type { PageLoader } from '../../app/featurePages';

type Pages = typeof import('./wizardPages');
type PageName = Exclude<keyof Pages, 'loadFormLocales'>;

// One lazily loaded chunk for every wizard page; each loader also fetches the `wizard` words
// before the page shows. Kept tiny: this file is part of the router's entry.
const load =
  (name: PageName): PageLoader =>
  async () => {
    const pages = await import('./wizardPages');
    await pages.loadFormLocales();
    return { Component: pages[name] };
  };

/** The wizard's routes by route title key (routeTable.ts), spread into app/featurePages.ts. */
export const campaignWizardPages: Record<string, PageLoader> = {
  'menu:page.campaignType': load('GrowthTypePage'),
  'menu:page.campaignTemplate': load('GrowthTemplatePage'),
  'menu:page.campaignCreate': load('GrowthCreatePage'),
  'menu:page.adsCampaignType': load('AdsTypePage'),
  'menu:page.adsCampaignTemplate': load('AdsTemplatePage'),
  'menu:page.adsCampaignCreate': load('AdsCreatePage'),
  'menu:page.subActivityCreate': load('SubActivityCreatePage'),
};
