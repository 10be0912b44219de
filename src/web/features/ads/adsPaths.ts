import { projectPath } from '../../app/routeTable';

/** Route paths of the ads pages, as routeTable.ts spells them. */
export const adsRoutes = {
  config: 'adsConfig/:projectId',
  strategies: 'adsStrategy/:projectId',
  strategyConfig: 'adsStrategy/adsStrategyConfig/:projectId',
  incomeReport: 'incomeReport/:projectId',
} as const;

/** The strategy editor: a new strategy, or the strategy `id`. */
export function strategyConfigPath(projectId: string, id?: string): string {
  const path = projectPath(adsRoutes.strategyConfig, projectId);
  return id ? `${path}?id=${encodeURIComponent(id)}` : path;
}
