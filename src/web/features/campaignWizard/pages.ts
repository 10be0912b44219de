import { createElement } from 'react';
import type { PageLoader } from '../../app/featurePages';

// Each page is its own chunk with RJSF, the engine and dnd-kit; nothing here is loaded by the
// shell. The area is fixed per route, so each loader wraps the page with it.
const typePage =
  (area: 'growth' | 'ads'): PageLoader =>
  async () => {
    const { CampaignTypePage } = await import('./CampaignTypePage');
    return { Component: () => createElement(CampaignTypePage, { area }) };
  };
const templatePage =
  (area: 'growth' | 'ads'): PageLoader =>
  async () => {
    const { CampaignTemplatePage } = await import('./CampaignTemplatePage');
    return { Component: () => createElement(CampaignTemplatePage, { area }) };
  };
const createPage =
  (area: 'growth' | 'ads'): PageLoader =>
  async () => {
    const { CampaignCreatePage } = await import('./CampaignCreatePage');
    return { Component: () => createElement(CampaignCreatePage, { area }) };
  };

/** The wizard's routes by route title key (routeTable.ts), spread into app/featurePages.ts. */
export const campaignWizardPages: Record<string, PageLoader> = {
  'menu:page.campaignType': typePage('growth'),
  'menu:page.campaignTemplate': templatePage('growth'),
  'menu:page.campaignCreate': createPage('growth'),
  'menu:page.adsCampaignType': typePage('ads'),
  'menu:page.adsCampaignTemplate': templatePage('ads'),
  'menu:page.adsCampaignCreate': createPage('ads'),
  'menu:page.subActivityCreate': async () => {
    const { SubActivityCreatePage } = await import('./SubActivityCreatePage');
    return { Component: SubActivityCreatePage };
  },
};
