import { featureRoutes, projectPath } from '../../app/routeTable';

/** Where campaigns of an area live: list, chooser, template and create routes (routeTable title keys). */
export type WizardArea = 'growth' | 'ads';

export const areaRoutes: Record<
  WizardArea,
  { list: string; type: string; template: string; create: string }
> = {
  growth: { list: 'campaigns', type: 'campaignType', template: 'campaignTemplate', create: 'campaignCreate' },
  ads: {
    list: 'adsCampaigns',
    type: 'adsCampaignType',
    template: 'adsCampaignTemplate',
    create: 'adsCampaignCreate',
  },
};

/** The absolute path of a feature route by its title key, params filled in, plus an optional query. */
export function wizardPath(
  title: string,
  projectId: string,
  params: Record<string, string> = {},
  query: Record<string, string | undefined> = {},
): string {
  const route = featureRoutes.find((entry) => entry.titleKey === `menu:page.${title}`);
  if (!route) throw new Error(`unknown route ${title}`);
  let path = projectPath(route.path, projectId);
  for (const [name, value] of Object.entries(params))
    path = path.replace(`:${name}`, encodeURIComponent(value));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The template mark of a config started from nothing. */
export const BLANK_TEMPLATE = 'blank';
