import type { FastifyPluginAsync } from 'fastify';
import { registerSdkRequestLogs } from './registerSdkRequestLogs';
import { sdkEventsRoutes } from './sdkEventsRoutes';
import { accessKeyRoutes } from './accessKeyRoutes';
import { devConfigRoutes } from './devConfigRoutes';
import { requestLogsRoutes } from './requestLogsRoutes';
import { testDevicesRoutes } from './testDevicesRoutes';
import { integrationRoutes } from './integrationRoutes';
import { eventLogsRoutes } from '../insights/eventLogsRoutes';
import { insightsRoutes } from '../insights/insightsRoutes';
import { overviewsRoutes } from '../insights/overviewsRoutes';
import { preflightRoutes } from '../http/cors';

/** The SDK routes web pages call (any origin; the attribution route is registered by deep links). */
export const BROWSER_SDK_ROUTES = ['/api/sdk/v1/events', '/api/sdk/v1/attribution'];

/**
 * SDK integration, ingestion and analysis. Registered before the other X-Access-Key
 * routes (attribution), so its app-wide request-log hooks cover them too.
 */
export const sdkRoutes: FastifyPluginAsync<{ requestLogIntervalMs?: number }> = async (app, options) => {
  registerSdkRequestLogs(app, { intervalMs: options.requestLogIntervalMs });
  // Browsers ask before a JSON POST with X-Access-Key from another origin.
  preflightRoutes(app, BROWSER_SDK_ROUTES, { methods: 'POST', headers: 'content-type, x-access-key' });
  await app.register(sdkEventsRoutes);
  await app.register(accessKeyRoutes);
  await app.register(devConfigRoutes);
  await app.register(requestLogsRoutes);
  await app.register(testDevicesRoutes);
  await app.register(integrationRoutes);
  await app.register(eventLogsRoutes);
  await app.register(insightsRoutes);
  await app.register(overviewsRoutes);
};

// Like fastify-plugin: the request-log hooks and `app.sdkRequestLogs` reach the whole app.
(sdkRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
