import { projectPath } from '../../app/routeTable';

/** Route paths of the Turbo pages, as routeTable.ts spells them. */
export const turboRoutes = {
  banners: 'turboBanner/:projectId',
  bannerConfig: 'turboBanner/TurboBannerConfig/:projectId',
  bannerReport: 'turboBanner/:projectId/report/:id',
  scripts: 'turboScript/:projectId',
  scriptConfig: 'turboScript/turboScriptConfig/:projectId',
} as const;

const withId = (path: string, id?: string) => (id ? `${path}?id=${encodeURIComponent(id)}` : path);

/** The banner editor: a new banner, or the banner `id`. */
export function bannerConfigPath(projectId: string, id?: string): string {
  return withId(projectPath(turboRoutes.bannerConfig, projectId), id);
}

/** The report page of the banner `id`. */
export function bannerReportPath(projectId: string, id: string): string {
  return projectPath(turboRoutes.bannerReport, projectId).replace(':id', encodeURIComponent(id));
}

/** The script editor: a new script, or the script `id`. */
export function scriptConfigPath(projectId: string, id?: string): string {
  return withId(projectPath(turboRoutes.scriptConfig, projectId), id);
}
