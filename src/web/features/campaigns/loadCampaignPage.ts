import type { ComponentType } from 'react';

type Loader = () => Promise<ComponentType>;

// Each page is its own chunk; this table is fetched on the first visit to any of them.
const pageModules: Record<string, Loader> = {
  campaigns: () => import('./CampaignManagementPage').then((m) => m.CampaignManagementPage),
  adsCampaigns: () => import('./AdsCampaignListPage').then((m) => m.AdsCampaignListPage),
  subActivities: () => import('./SubActivityListPage').then((m) => m.SubActivityListPage),
  campaignDetail: () => import('./CampaignDetailPage').then((m) => m.CampaignDetailPage),
  campaignLanguageConfig: () => import('./LanguageConfigPage').then((m) => m.LanguageConfigPage),
  campaignPcAdaptation: () => import('./PcAdaptationPage').then((m) => m.PcAdaptationPage),
  campaignPageEditor: () => import('./CampaignPageEditorPage').then((m) => m.CampaignPageEditorPage),
  campaignReport: () => import('./CampaignReportPage').then((m) => m.CampaignReportPage),
  adsCampaignReport: () => import('./CampaignReportPage').then((m) => m.CampaignReportPage),
  subActivityReport: () => import('./CampaignReportPage').then((m) => m.CampaignReportPage),
  rewards: () => import('./rewards/RewardManagementPage').then((m) => m.RewardManagementPage),
  questionBank: () => import('./rewards/QuestionBankPage').then((m) => m.QuestionBankPage),
  questionBankDetail: () => import('./rewards/QuestionBankDetailPage').then((m) => m.QuestionBankDetailPage),
  userTypes: () => import('./rewards/UserTypesPage').then((m) => m.UserTypesPage),
  tokenUrls: () => import('./rewards/TokenUrlsPage').then((m) => m.TokenUrlsPage),
  rewardForms: () => import('./rewards/RewardFormsPage').then((m) => m.RewardFormsPage),
};

/** The page component of a route title (routeTable.ts). */
export function loadCampaignPage(title: string): Promise<ComponentType> {
  const load = pageModules[title];
  if (!load) throw new Error(`no campaign page ${title}`);
  return load();
}
