import type { PageLoader } from '../../app/featurePages';
import { linkPage } from './linkPage';

/** Deep-link pages by route title key (routeTable.ts). */
export const linkPages: Record<string, PageLoader> = {
  'menu:page.linkTemplates': linkPage(
    () => import('./templates/LinkTemplatesPage'),
    (m) => m.LinkTemplatesPage,
  ),
  'menu:page.linkTemplateConfig': linkPage(
    () => import('./templates/LinkTemplateConfigPage'),
    (m) => m.LinkTemplateConfigPage,
  ),
  'menu:page.downloadPages': linkPage(
    () => import('./downloadPages/DownloadPagesPage'),
    (m) => m.DownloadPagesPage,
  ),
  'menu:page.links': linkPage(
    () => import('./links/LinksPage'),
    (m) => m.LinksPage,
  ),
  'menu:page.linkConfig': linkPage(
    () => import('./config/LinkConfigPage'),
    (m) => m.LinkConfigPage,
  ),
  'menu:page.linkReport': linkPage(
    () => import('./report/LinkReportPage'),
    (m) => m.LinkReportPage,
  ),
  'menu:page.tags': linkPage(
    () => import('./tags/TagsPage'),
    (m) => m.TagsPage,
  ),
  'menu:page.events': linkPage(
    () => import('./events/EventsPage'),
    (m) => m.EventsPage,
  ),
  'menu:page.redirectSetting': linkPage(
    () => import('./redirect/RedirectSettingPage'),
    (m) => m.RedirectSettingPage,
  ),
};
