import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { createDb } from './db/createDb';
import { createMailer, type Mailer } from './mail/mailer';
import { validatorCompiler } from './http/validatorCompiler';
import { registerErrorHandling } from './http/errorHandler';
import { systemResolveHost, type ResolveHost } from './http/assertPublicHttpUrl';
import { clientErrorHandler, frameworkErrors } from './http/frameworkErrors';
import { registerBodyParsers } from './http/registerBodyParsers';
import { registerUnsafeInputCheck } from './http/refuseUnsafeInput';
import { registerAuth } from './plugins/auth';
import { registerApiDocs } from './plugins/apiDocs';
import { registerStaticConsole } from './plugins/staticConsole';
import { healthRoutes } from './health/healthRoutes';
import { authRoutes } from './accounts/authRoutes';
import { meRoutes } from './accounts/meRoutes';
import { projectsRoutes } from './projects/projectsRoutes';
import { membersRoutes } from './members/membersRoutes';
import { schemasRoutes } from './schemas/schemasRoutes';
import { schemaAssetsRoutes } from './schemas/schemaAssetsRoutes';
import type { AppContext } from './appContext';
import { schedulerPlugin } from './scheduler/schedulerPlugin';
import { campaignsRoutes } from './campaigns/campaignsRoutes';
import { draftsRoutes } from './campaigns/draftsRoutes';
import { listsRoutes } from './lists/listsRoutes';
import { taskRoutes } from './tasks/taskRoutes';
import { turboRoutes } from './turbo/turboRoutes';
import { adsRoutes } from './ads/adsRoutes';
import { riskRoutes } from './risk/riskRoutes';
import { uploadsRoutes } from './uploads/uploadsRoutes';
import { participantRoutes } from './participant/participantRoutes';
import { registerRedirector } from './redirect/registerRedirector';
import { linkHostMatcher } from './redirect/linkHostMatcher';
import { linkServerFactory } from './redirect/linkServerFactory';
import { deepLinkRoutes } from './links/deepLinkRoutes';
import { sdkRoutes } from './sdk/sdkRoutes';
import { playRoutes } from './play/playRoutes';
import { rewardDeliveryPlugin } from './play/delivery/rewardDelivery';
import { rewardRoutes } from './play/rewards/rewardRoutes';
import { couponRoutes } from './play/rewards/couponRoutes';
import { playReportRoutes } from './play/report/reportRoutes';
import { MECHANIC_MODULES } from './play/mechanicModules';

export interface BuildAppOptions {
  /** `sqlite:./data/console.db` (default), `sqlite::memory:` or `postgres://...`. */
  databaseUrl?: string;
  /** Uploads and other files (default ./data). */
  dataDir?: string;
  /** The built console (default ./dist). */
  webDir?: string;
  /** Fastify logger option: false (default), true, or pino options. */
  logger?: FastifyServerOptions['logger'];
  /** Replaces SMTP / log mail, e.g. to capture reset links in tests. */
  mailer?: Mailer;
  smtpUrl?: string;
  mailFrom?: string;
  /** The clock; tests move it to expire sessions and locks. */
  now?: () => Date;
  sessionTtlHours?: number;
  /** How the console is reached, for links in mails (default http://localhost:3000). */
  publicUrl?: string;
  /** Body size limit in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** The schema folders (default SCHEMAS_DIR or ./schemas). */
  schemasDir?: string;
  /** Links answer on `{prefix}.{linkHost}` (default LINK_HOST or localhost). */
  linkHost?: string;
  /** How often queued link clicks are written (default 1000 ms). */
  clickFlushMs?: number;
  /** Scheduler poll interval in ms (default 5000); 0 turns the timer off (tests run due jobs). */
  schedulerIntervalMs?: number;
  /**
   * Reverse proxies (addresses, CIDR ranges, `loopback`, ...) whose X-Forwarded-For names the
   * client, for `request.ip` and the redirector's clicks; none by default.
   */
  trustProxy?: string[];
  /** Extra route plugins registered after the built-in ones (tests, embedding). */
  routes?: FastifyPluginAsync[];
  /** Called with every route as it is registered, HEAD included (tests walk the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Resolves host names of outbound calls (default: the system resolver); tests fake DNS here. */
  resolveHost?: ResolveHost;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** The app's context: database, mail, clock, addresses and limits every route reads. */
function appContext(
  options: BuildAppOptions,
  opened: Awaited<ReturnType<typeof createDb>>,
  log: FastifyInstance['log'],
  hosts: { publicUrl: string; linkHost: string },
): AppContext {
  return {
    db: opened.db,
    dbKind: opened.kind,
    sqliteFile: opened.sqliteFile,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: options.smtpUrl,
        from: options.mailFrom ?? 'Growth Console <no-reply@localhost>',
        logger: log,
      }),
    now: options.now ?? (() => new Date()),
    sessionTtlHours: options.sessionTtlHours ?? 168,
    dataDir: resolve(options.dataDir ?? './data'),
    publicUrl: hosts.publicUrl,
    linkHost: hosts.linkHost,
    version: packageVersion(),
    resolveHost: options.resolveHost ?? systemResolveHost,
  };
}

/** Every route, in the order their hooks and decorations need. */
async function registerRoutes(app: FastifyInstance, options: BuildAppOptions) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(meRoutes);
  await app.register(projectsRoutes);
  await app.register(membersRoutes);
  await app.register(schemasRoutes, { dir: options.schemasDir, now: app.ctx.now });
  await app.register(schemaAssetsRoutes);
  await app.register(schedulerPlugin, { intervalMs: options.schedulerIntervalMs ?? 5000 });
  await app.register(campaignsRoutes);
  await app.register(draftsRoutes);
  await app.register(listsRoutes);
  await app.register(taskRoutes);
  await app.register(uploadsRoutes);
  await app.register(participantRoutes, { webDir: resolve(options.webDir ?? './dist') });
  await app.register(rewardDeliveryPlugin);
  await app.register(playRoutes);
  await app.register(rewardRoutes);
  await app.register(couponRoutes);
  await app.register(playReportRoutes);
  // Each mechanic's console routes and jobs (a prediction's results, a contest's settlement).
  for (const module of MECHANIC_MODULES) if (module.routes) await app.register(module.routes);
  // Before deep links: its request-log hooks cover every X-Access-Key route (attribution too).
  await app.register(sdkRoutes);
  await app.register(deepLinkRoutes);
  // After deep links: banners and scripts read link addresses (`app.deepLinks`).
  await app.register(turboRoutes);
  // After deep links: strategies' serve URLs are on the link hosts (`app.deepLinks`).
  await app.register(adsRoutes);
  await app.register(riskRoutes);
  for (const routes of options.routes ?? []) await app.register(routes);
}

/** Builds the Fastify app with the database migrated; the caller listens or injects. */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const publicUrl = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const linkHost = options.linkHost ?? (process.env.LINK_HOST?.trim() || 'localhost');
  const isLinkRequest = linkHostMatcher(linkHost, publicUrl);
  // Link hosts are answered by the redirector ahead of Fastify on the listening server.
  const linkServer = linkServerFactory();
  const app = Fastify({
    serverFactory: linkServer.serverFactory,
    logger: options.logger ?? false,
    // The redirector answers link hosts at full speed: no per-request log lines there.
    logController: new LogController({
      disableRequestLogging: (request) => isLinkRequest(request.headers.host) !== undefined,
    }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Errors Fastify and Node answer before any route answer the envelope too.
    frameworkErrors,
    clientErrorHandler,
    trustProxy: options.trustProxy?.length ? options.trustProxy : false,
    // Keep the documented JSON-schema keywords (errorMessage, $data) without strict-mode noise.
    ajv: { customOptions: { strict: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Before any route: the hook sees them all.
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const opened = await createDb(options.databaseUrl ?? 'sqlite:./data/console.db');
  app.addHook('preClose', async () => linkServer.markClosing());
  app.addHook('onClose', async () => {
    await opened.db.destroy();
  });
  const ctx = appContext(options, opened, app.log, { publicUrl, linkHost });
  app.decorate('ctx', ctx);

  // Basic hardening for every answer; routes that need otherwise may override.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'SAMEORIGIN');
  });

  try {
    app.setValidatorCompiler(validatorCompiler);
    registerErrorHandling(app);
    registerAuth(app);
    // First onRequest hook: link hosts never reach the console routes.
    linkServer.setLinkHandler(
      await registerRedirector(app, {
        linkHost,
        clickFlushMs: options.clickFlushMs,
        trustProxy: options.trustProxy,
      }),
    );
    // After the redirector (link hosts never reach it), before every route's own hooks.
    registerUnsafeInputCheck(app);
    registerBodyParsers(app);
    await registerApiDocs(app, ctx.version);
    await registerRoutes(app, options);
    await registerStaticConsole(app, resolve(options.webDir ?? './dist'));
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
