/** The side menu's groups, in menu order. */
export const menuGroups = [
  'basic',
  'reach',
  'userGrowth',
  'webtoApp',
  'moads',
  'analysis',
  'integration',
] as const;
export type MenuGroup = (typeof menuGroups)[number];

export interface FeatureRoute {
  /** Path under the root layout as the console has always spelled it (React Router `:param` syntax). */
  path: string;
  group: MenuGroup;
  /** i18n key of the page title (and menu label for menu pages). */
  titleKey: string;
  /** Shown in the side menu; config, report, create and detail sub-pages are not. */
  menu: boolean;
  /** The list page this one belongs to (itself for menu pages), used when switching project. */
  listPath: string;
}

// [path, titleKey] per group, in menu order. A route is a menu page exactly when it is
// `<name>/:projectId`; every deeper path is a hidden sub-page of `<name>/:projectId`.
const table: Record<MenuGroup, Array<[string, string]>> = {
  basic: [
    ['templateMenage/:projectId', 'linkTemplates'],
    ['templateMenage/templateConfig/:projectId', 'linkTemplateConfig'],
    ['manageTag/:projectId', 'tags'],
    ['manageEvent/:projectId', 'events'],
  ],
  reach: [
    ['downloadPaege/:projectId', 'downloadPages'],
    ['manageLink/:projectId', 'links'],
    ['manageLink/:projectId/report/:link_hash_id', 'linkReport'],
    ['manageLink/linkConfig/:projectId/:templateId', 'linkConfig'],
    ['turboBanner/:projectId', 'turboBanner'],
    ['turboBanner/TurboBannerConfig/:projectId', 'turboBannerConfig'],
    ['turboBanner/:projectId/report/:id', 'turboBannerReport'],
    ['turboScript/:projectId', 'turboScript'],
    ['turboScript/turboScriptConfig/:projectId', 'turboScriptConfig'],
    ['channelAnalytics/:projectId', 'channelAnalytics'],
    ['eventStatistics/:projectId', 'eventStatistics'],
  ],
  userGrowth: [
    ['taskCenterManage/:projectId', 'taskCenter'],
    ['taskCenterManage/:projectId/taskCenterConfig', 'taskCenterConfig'],
    ['campaignManagement/:projectId', 'campaigns'],
    ['sonActiveMenage/:projectId', 'subActivities'],
    ['rewardManagement/:projectId', 'rewards'],
    ['questionBank/:projectId', 'questionBank'],
    ['questionBank/:projectId/:hash_id', 'questionBankDetail'],
    ['userTypeManagement/:projectId', 'userTypes'],
    ['tokenUrlManagement/:projectId', 'tokenUrls'],
    ['rewardFormManage/:projectId', 'rewardForms'],
    ['riskBlocklist/:projectId', 'riskBlocklist'],
    ['campaignManagement/:projectId/type', 'campaignType'],
    ['campaignManagement/:projectId/type/template/:mark', 'campaignTemplate'],
    ['campaignManagement/:projectId/createActivity/:mark/:templateMark', 'campaignCreate'],
    ['sonActiveMenage/:projectId/sonActiveCreate/:mark', 'subActivityCreate'],
    ['sonActiveMenage/:projectId/sonActiveReport/:id', 'subActivityReport'],
    ['campaignManagement/:projectId/detail/:id', 'campaignDetail'],
    ['campaignManagement/:projectId/languageConfig/:mark', 'campaignLanguageConfig'],
    ['campaignManagement/:projectId/pcAdaptation', 'campaignPcAdaptation'],
    ['campaignManagement/:projectId/pageEditor/:id', 'campaignPageEditor'],
    ['campaignManagement/:projectId/ActiveReport/:id', 'campaignReport'],
  ],
  webtoApp: [
    ['campaignMenage/:projectId', 'adsCampaigns'],
    ['campaignMenage/:projectId/adsCampaignReport/:id', 'adsCampaignReport'],
    ['campaignMenage/:projectId/type', 'adsCampaignType'],
    ['campaignMenage/:projectId/type/template/:mark', 'adsCampaignTemplate'],
    ['campaignMenage/:projectId/adsCampaignCreate/:mark/:templateMark', 'adsCampaignCreate'],
  ],
  moads: [
    ['adsConfig/:projectId', 'adsConfig'],
    ['adsStrategy/:projectId', 'adsStrategy'],
    ['adsStrategy/adsStrategyConfig/:projectId', 'adsStrategyConfig'],
    ['incomeReport/:projectId', 'incomeReport'],
    // Beyond settings, strategies and income: ad plans, ad campaigns, offerwall users, withdrawals.
    ['adPlans/:projectId', 'adPlans'],
    ['adCampaigns/:projectId', 'adCampaigns'],
    ['offerwallUsers/:projectId', 'offerwallUsers'],
    ['cashOverview/:projectId', 'cashOverview'],
    ['cashList/:projectId', 'cashList'],
  ],
  analysis: [
    ['overview/:projectId', 'overview'],
    ['audience/:projectId', 'audience'],
  ],
  integration: [
    ['accessToken/:projectId', 'accessToken'],
    ['redirectSetting/:projectId', 'redirectSetting'],
    ['sdkIntegrate/:projectId', 'sdkIntegrate'],
    ['testDevice/:projectId', 'testDevice'],
    ['eventLogs/:projectId', 'eventLogs'],
  ],
};

/** Every project-scoped route of the console. */
export const featureRoutes: FeatureRoute[] = menuGroups.flatMap((group) =>
  table[group].map(([path, title]) => {
    const name = path.split('/')[0];
    return {
      path,
      group,
      titleKey: `menu:page.${title}`,
      menu: path === `${name}/:projectId`,
      listPath: `${name}/:projectId`,
    };
  }),
);

/** Fills `:projectId` of a route path and makes it absolute. */
export function projectPath(path: string, projectId: string): string {
  return `/${path.replace(':projectId', encodeURIComponent(projectId))}`;
}
