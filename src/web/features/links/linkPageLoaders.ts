import type { ComponentType } from 'react';
import { loadFormLocales } from '../../schema-form/formLocales';
import { loadNamespaces } from '../../i18n/loadNamespaces';

// Every deep-link page chunk by name. This module is itself a lazy chunk: the entry holds one
// dynamic import for all of them instead of one (with its preload list) per page, which keeps
// the /login and shell bundles small.
const loaders = {
  linkTemplates: () => import('./templates/LinkTemplatesPage').then((m) => m.LinkTemplatesPage),
  linkTemplateConfig: () =>
    import('./templates/LinkTemplateConfigPage').then((m) => m.LinkTemplateConfigPage),
  tags: () => import('./tags/TagsPage').then((m) => m.TagsPage),
  events: () => import('./events/EventsPage').then((m) => m.EventsPage),
  downloadPages: () => import('./downloadPages/DownloadPagesPage').then((m) => m.DownloadPagesPage),
  links: () => import('./links/LinksPage').then((m) => m.LinksPage),
  linkReport: () => import('./report/LinkReportPage').then((m) => m.LinkReportPage),
  linkConfig: () => import('./config/LinkConfigPage').then((m) => m.LinkConfigPage),
  redirectSetting: () => import('./redirect/RedirectSettingPage').then((m) => m.RedirectSettingPage),
  channelAnalytics: () => import('../linkAnalytics/ChannelAnalyticsPage').then((m) => m.ChannelAnalyticsPage),
  eventStatistics: () => import('../linkAnalytics/EventStatisticsPage').then((m) => m.EventStatisticsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type LinkPageName = keyof typeof loaders;

// Pages with schema forms: the form words (`wizard`) load with them, so no form waits for them.
const formPages = new Set<LinkPageName>(['linkTemplateConfig', 'linkConfig', 'events']);

/** One page's component, with the links and analytics namespaces (and form words) loaded first. */
export async function loadLinkPage(name: LinkPageName): Promise<{ Component: ComponentType }> {
  const [Component] = await Promise.all([
    loaders[name](),
    loadNamespaces('links', 'analytics'),
    formPages.has(name) ? loadFormLocales() : undefined,
  ]);
  return { Component };
}
