import { page, type PageLoader } from '../../app/pageLoader';

// Every wizard page comes from one lazily loaded chunk (RJSF, the engine, dnd-kit) with the
// `wizard` words; this file is part of the router's entry, so it stays tiny.
const load = (name: keyof typeof import('./wizardPages')): PageLoader =>
  page(
    () => import('./wizardPages'),
    (pages) => pages[name],
    ['wizard'],
  );

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
