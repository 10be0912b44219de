import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { movableClock } from './testClock';
import { privateCallbacksAllowed } from './http/assertPublicHttpUrl';

// Reads the environment, builds the app (migrating the database) and listens.
const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
// Browser tests move the clock (scripts/e2e.mjs sets TEST_CLOCK=1 for its throwaway server).
const clock = process.env.TEST_CLOCK === '1' ? movableClock() : undefined;

const app = await buildApp({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  webDir: config.webDir,
  logger: {
    level: process.env.LOG_LEVEL ?? 'info',
    serializers: {
      // Reset and campaign preview links and participant hand-offs carry a secret in the query string:
      // keep it out of the log.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/([?&](?:token|preview|sig)=)[^&#]*/gi, '$1[redacted]'),
        remoteAddress: req.ip,
      }),
    },
  },
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  sessionTtlHours: config.sessionTtlHours,
  publicUrl: config.publicUrl,
  schedulerIntervalMs: config.schedulerIntervalMs,
  trustProxy: config.trustProxy,
  ...(clock ? { now: clock.now, routes: [clock.routes] } : {}),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => process.exit(0));
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`console at ${config.publicUrl}, API docs at ${config.publicUrl}/api/docs`);
  if (privateCallbacksAllowed())
    app.log.warn(
      'ALLOW_PRIVATE_CALLBACKS=1: callbacks may point inside your network and this server will call them; for test servers only, never on a server others can reach',
    );
} catch (error) {
  app.log.error(error);
  await app.close();
  process.exit(1);
}
