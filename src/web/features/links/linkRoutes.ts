import { projectPath } from '../../app/routeTable';

/** Route paths of the deep-link pages, as routeTable.ts spells them. */
export const linkRoutes = {
  templates: 'templateMenage/:projectId',
  templateConfig: 'templateMenage/templateConfig/:projectId',
  links: 'manageLink/:projectId',
  linkReport: 'manageLink/:projectId/report/:link_hash_id',
  linkConfig: 'manageLink/linkConfig/:projectId/:templateId',
  tags: 'manageTag/:projectId',
  events: 'manageEvent/:projectId',
  downloadPages: 'downloadPaege/:projectId',
  redirectSetting: 'redirectSetting/:projectId',
} as const;

/** The link editor for a new link from `templateId`, or for `linkId` (its record id) when given. */
export function linkConfigPath(projectId: string, templateId: string, id?: string): string {
  const path = projectPath(linkRoutes.linkConfig, projectId).replace(
    ':templateId',
    encodeURIComponent(templateId),
  );
  return id ? `${path}?id=${encodeURIComponent(id)}` : path;
}

/** The report page of one link (by record id). */
export function linkReportPath(projectId: string, id: string): string {
  return projectPath(linkRoutes.linkReport, projectId).replace(':link_hash_id', encodeURIComponent(id));
}
