import type { FastifyPluginAsync } from 'fastify';
import { linkTemplatesRoutes } from './linkTemplatesRoutes';
import { linksRoutes } from './linksRoutes';
import { linkReportRoutes } from './linkReportRoutes';
import { tagsRoutes } from './tagsRoutes';
import { eventsRoutes } from './eventsRoutes';
import { redirectSettingsRoutes } from './redirectSettingsRoutes';
import { downloadPagesRoutes } from './downloadPagesRoutes';
import { analyticsRoutes } from './analyticsRoutes';
import { attributionRoutes } from '../attribution/attributionRoutes';

/** Every console and SDK route of deep links; the redirector itself is a hook. */
export const deepLinkRoutes: FastifyPluginAsync = async (app) => {
  await app.register(linkTemplatesRoutes);
  await app.register(linksRoutes);
  await app.register(linkReportRoutes);
  await app.register(tagsRoutes);
  await app.register(eventsRoutes);
  await app.register(redirectSettingsRoutes);
  await app.register(downloadPagesRoutes);
  await app.register(analyticsRoutes);
  await app.register(attributionRoutes);
};

// Like fastify-plugin: decorations made inside (attribution callbacks) reach the whole app.
(deepLinkRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
