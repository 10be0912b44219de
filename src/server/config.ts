import { resolve } from 'node:path';
import { checkTrustedProxies } from './http/clientIp';

/** Server settings, read from the environment (see docs/http-and-security.md, "The server process"). */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  linkHost: string;
  publicUrl: string;
  webDir: string;
  sessionTtlHours: number;
  /** Scheduler poll interval (SCHEDULER_INTERVAL_MS, default 5000; 0 turns it off). */
  schedulerIntervalMs: number;
  smtpUrl?: string;
  mailFrom: string;
  /** Reverse proxies whose X-Forwarded-For gives the visitor's address (TRUST_PROXY). */
  trustProxy: string[];
}

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function nonNegativeInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number >= 0, got "${raw}"`);
  return value;
}

function trustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    return checkTrustedProxies(entries);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must list proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal, got "${raw}" (${(error as Error).message})`,
      { cause: error },
    );
  }
}

/** Reads the configuration; throws with a readable message on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = positiveNumber('PORT', env.PORT, 3000);
  const host = env.HOST?.trim() || '127.0.0.1';
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL?.trim() || 'sqlite:./data/console.db',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    linkHost: env.LINK_HOST?.trim() || 'localhost',
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
    webDir: resolve(env.WEB_DIR?.trim() || './dist'),
    sessionTtlHours: positiveNumber('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 168),
    schedulerIntervalMs: nonNegativeInteger('SCHEDULER_INTERVAL_MS', env.SCHEDULER_INTERVAL_MS, 5000),
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || 'Growth Console <no-reply@localhost>',
    trustProxy: trustedProxies(env.TRUST_PROXY),
  };
}
