import { describe, expect, it } from 'vitest';
import { featureRoutes, menuGroups, projectPath } from './routeTable';

describe('routeTable', () => {
  it('registers every SPEC route with its group, spelled as SPEC spells it', () => {
    const paths = featureRoutes.map((route) => `${route.group} ${route.path}`);
    expect(paths).toContain('basic templateMenage/templateConfig/:projectId');
    expect(paths).toContain('reach downloadPaege/:projectId');
    expect(paths).toContain('reach manageLink/:projectId/report/:link_hash_id');
    expect(paths).toContain('reach turboBanner/:projectId/report/:id');
    expect(paths).toContain('userGrowth sonActiveMenage/:projectId/sonActiveReport/:id');
    expect(paths).toContain('userGrowth campaignManagement/:projectId/ActiveReport/:id');
    expect(paths).toContain('webtoApp campaignMenage/:projectId/adsCampaignCreate/:mark/:templateMark');
    expect(paths).toContain('moads adsStrategy/adsStrategyConfig/:projectId');
    expect(paths).toContain('moads cashList/:projectId');
    expect(paths).toContain('integration eventLogs/:projectId');
    expect(paths).toContain('userGrowth riskBlocklist/:projectId');
    expect(featureRoutes).toHaveLength(57);
    expect(new Set(featureRoutes.map((r) => r.path)).size).toBe(featureRoutes.length);
  });

  it('keeps config, report, create and detail pages out of the menu', () => {
    const menu = featureRoutes.filter((route) => route.menu);
    for (const route of featureRoutes) {
      const below = route.path.split('/').slice(1).join('/').replace(':projectId', '');
      if (/config|report|create|detail|type|hash_id|pcAdaptation|pageEditor/i.test(below)) {
        expect(route.menu, route.path).toBe(false);
      }
    }
    expect(menu.map((r) => r.path)).toContain('campaignManagement/:projectId');
    expect(menu.filter((r) => r.group === 'moads').map((r) => r.path)).toEqual([
      'adsConfig/:projectId',
      'adsStrategy/:projectId',
      'incomeReport/:projectId',
      'adPlans/:projectId',
      'adCampaigns/:projectId',
      'offerwallUsers/:projectId',
      'cashOverview/:projectId',
      'cashList/:projectId',
    ]);
    expect(new Set(menu.map((r) => r.group))).toEqual(new Set(menuGroups));
    // Every hidden page has a menu page to fall back to.
    const menuPaths = new Set(menu.map((r) => r.path));
    for (const route of featureRoutes) expect(menuPaths.has(route.listPath), route.path).toBe(true);
  });

  it('fills the project id', () => {
    expect(projectPath('manageLink/:projectId', 'a b')).toBe('/manageLink/a%20b');
  });
});
