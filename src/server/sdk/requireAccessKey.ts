import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../db/tables';
import { AppError } from '../errors';
import { compileWhitelist, type IpWhitelist } from './ipWhitelist';

/** The query of an X-Access-Key route: the key may come here when the header is absent. */
export const AccessKeyQuery = Type.Object({
  accessKey: Type.Optional(
    Type.String({
      maxLength: 128,
      description: 'Project access key, when the X-Access-Key header is absent (web beacons)',
    }),
  ),
});

/** The project an SDK or server-to-server call belongs to, resolved from its X-Access-Key. */
export interface SdkCall {
  projectId: string;
  /** When the request arrived (ms), for the request log's duration. */
  startedAt: number;
}

interface Gate {
  projectId: string;
  whitelist: IpWhitelist;
}

// Key -> project and whitelist, for 30 s, so a phone fleet does not cost two reads per batch.
// Rotating a key or saving the whitelist clears this server's entries at once (`forgetAccessKeys`);
// other servers sharing the database follow within the TTL.
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const caches = new WeakMap<Kysely<Database>, Map<string, { gate: Gate | null; expires: number }>>();
const calls = new WeakMap<FastifyRequest, SdkCall>();

function cacheOf(db: Kysely<Database>) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Clears the cached keys and whitelists of this database (after a rotation or a config save). */
export function forgetAccessKeys(db: Kysely<Database>): void {
  caches.get(db)?.clear();
}

async function loadGate(db: Kysely<Database>, key: string): Promise<Gate | null> {
  const row = await db
    .selectFrom('projects')
    .leftJoin('dev_configs', 'dev_configs.project_id', 'projects.id')
    .select(['projects.id as id', 'dev_configs.ip_whitelist as ipWhitelist'])
    .where('projects.access_key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  const entries = row.ipWhitelist ? (JSON.parse(row.ipWhitelist) as string[]) : [];
  return { projectId: row.id, whitelist: compileWhitelist(entries) };
}

async function gateOf(db: Kysely<Database>, key: string): Promise<Gate | null> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  const now = Date.now();
  if (hit && hit.expires > now) return hit.gate;
  const gate = await loadGate(db, key);
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { gate, expires: now + TTL_MS });
  return gate;
}

/**
 * The key a call names: its `X-Access-Key` header, else its `accessKey` query parameter (a web
 * page's `navigator.sendBeacon` cannot set headers).
 */
function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-access-key'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined) return fromHeader.trim();
  const query = (request.query ?? {}) as Record<string, unknown>;
  const fromQuery = Array.isArray(query.accessKey) ? (query.accessKey as unknown[])[0] : query.accessKey;
  return typeof fromQuery === 'string' ? fromQuery.trim() : undefined;
}

/**
 * Hook (`onRequest`) of every X-Access-Key endpoint: a missing or unknown key (header, else the
 * `accessKey` query parameter) answers 401 `accessKeyInvalid`; a caller outside the project's IP
 * whitelist (when one is set) answers 403 `ipNotWhitelisted`. Marks the request for the API
 * request log.
 */
export async function requireAccessKey(request: FastifyRequest): Promise<void> {
  const startedAt = Date.now();
  const key = keyOf(request);
  if (!key || key.length > 128) throw new AppError('accessKeyInvalid');
  const gate = await gateOf(request.server.ctx.db, key);
  if (!gate) throw new AppError('accessKeyInvalid');
  // From here on the call belongs to a project: it is logged, refusals included.
  calls.set(request, { projectId: gate.projectId, startedAt });
  if (!gate.whitelist.allows(request.ip)) throw new AppError('ipNotWhitelisted');
}

/** The SDK call of a request that passed `requireAccessKey`, if any. */
export function sdkCallOf(request: FastifyRequest): SdkCall | undefined {
  return calls.get(request);
}

/** The project of a request that passed `requireAccessKey`. */
export function sdkProject(request: FastifyRequest): string {
  const call = calls.get(request);
  if (!call) throw new AppError('accessKeyInvalid');
  return call.projectId;
}
