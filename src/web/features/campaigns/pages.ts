import type { ComponentType } from 'react';
import type { PageLoader } from '../../app/featurePages';
import { loadCampaignLocales } from './loadCampaignLocales';

// Like featurePages' `page`, but the feature's locale namespaces load alongside the page chunk.
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageLoader {
  return async () => {
    const [module] = await Promise.all([load(), loadCampaignLocales()]);
    return { Component: pick(module) };
  };
}

/** Campaign, sub-activity, report and supporting-list pages by route title key (routeTable.ts). */
export const campaignPages: Record<string, PageLoader> = {
  'menu:page.campaigns': page(
    () => import('./CampaignManagementPage'),
    (m) => m.CampaignManagementPage,
  ),
  'menu:page.adsCampaigns': page(
    () => import('./AdsCampaignListPage'),
    (m) => m.AdsCampaignListPage,
  ),
  'menu:page.subActivities': page(
    () => import('./SubActivityListPage'),
    (m) => m.SubActivityListPage,
  ),
  'menu:page.campaignDetail': page(
    () => import('./CampaignDetailPage'),
    (m) => m.CampaignDetailPage,
  ),
  'menu:page.campaignLanguageConfig': page(
    () => import('./LanguageConfigPage'),
    (m) => m.LanguageConfigPage,
  ),
  'menu:page.campaignPcAdaptation': page(
    () => import('./PcAdaptationPage'),
    (m) => m.PcAdaptationPage,
  ),
  'menu:page.campaignReport': page(
    () => import('./CampaignReportPage'),
    (m) => m.CampaignReportPage,
  ),
  'menu:page.adsCampaignReport': page(
    () => import('./CampaignReportPage'),
    (m) => m.CampaignReportPage,
  ),
  'menu:page.subActivityReport': page(
    () => import('./CampaignReportPage'),
    (m) => m.CampaignReportPage,
  ),
  'menu:page.rewards': page(
    () => import('./rewards/RewardManagementPage'),
    (m) => m.RewardManagementPage,
  ),
  'menu:page.questionBank': page(
    () => import('./rewards/QuestionBankPage'),
    (m) => m.QuestionBankPage,
  ),
  'menu:page.questionBankDetail': page(
    () => import('./rewards/QuestionBankDetailPage'),
    (m) => m.QuestionBankDetailPage,
  ),
  'menu:page.userTypes': page(
    () => import('./rewards/UserTypesPage'),
    (m) => m.UserTypesPage,
  ),
  'menu:page.tokenUrls': page(
    () => import('./rewards/TokenUrlsPage'),
    (m) => m.TokenUrlsPage,
  ),
  'menu:page.rewardForms': page(
    () => import('./rewards/RewardFormsPage'),
    (m) => m.RewardFormsPage,
  ),
};
