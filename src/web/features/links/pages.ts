import type { PageLoader } from '../../app/featurePages';
import { linkPage } from './linkPage';

/** Deep-link pages by route title key (routeTable.ts). */
export const linkPages: Record<string, PageLoader> = {
  'menu:page.linkTemplates': linkPage('linkTemplates'),
  'menu:page.linkTemplateConfig': linkPage('linkTemplateConfig'),
  'menu:page.tags': linkPage('tags'),
  'menu:page.events': linkPage('events'),
  'menu:page.downloadPages': linkPage('downloadPages'),
  'menu:page.links': linkPage('links'),
  'menu:page.linkReport': linkPage('linkReport'),
  'menu:page.linkConfig': linkPage('linkConfig'),
  'menu:page.redirectSetting': linkPage('redirectSetting'),
};
