import { featureRoutes, projectPath } from '../../app/routeTable';
import type { CampaignSummary } from './campaignTypes';

/**
 * The absolute path of a feature route by its title key (routeTable.ts), with `:projectId` and
 * the other params filled in. Throws for an unknown key so a typo fails loudly in tests.
 */
export function routePath(title: string, projectId: string, params: Record<string, string> = {}): string {
  const route = featureRoutes.find((entry) => entry.titleKey === `menu:page.${title}`);
  if (!route) throw new Error(`unknown route ${title}`);
  let path = projectPath(route.path, projectId);
  for (const [name, value] of Object.entries(params))
    path = path.replace(`:${name}`, encodeURIComponent(value));
  return path;
}

/**
 * Where editing a campaign goes: the wizard's create route of its area with `?id=`. The wizard
 * (features/campaignWizard) reads the id to load the saved campaign.
 */
export function editPath(campaign: CampaignSummary, projectId: string): string {
  const query = `?id=${encodeURIComponent(campaign.id)}`;
  if (campaign.kind === 'sub-activity')
    return `${routePath('subActivityCreate', projectId, { mark: campaign.mark })}${query}`;
  const params = { mark: campaign.mark, templateMark: campaign.templateMark || 'blank' };
  const title = campaign.area === 'ads' ? 'adsCampaignCreate' : 'campaignCreate';
  return `${routePath(title, projectId, params)}${query}`;
}

/** The report page of a campaign (ads, sub-activity or growth). */
export function reportPath(campaign: CampaignSummary, projectId: string): string {
  const title =
    campaign.kind === 'sub-activity'
      ? 'subActivityReport'
      : campaign.area === 'ads'
        ? 'adsCampaignReport'
        : 'campaignReport';
  return routePath(title, projectId, { id: campaign.id });
}
