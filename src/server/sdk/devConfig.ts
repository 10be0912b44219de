import type { Kysely } from 'kysely';
import { validationMessage } from '../../engine/validation/localizeErrors';
import { fieldError } from '../errors';
import type { Database } from '../db/tables';
import { normalizeWhitelistEntry } from './ipWhitelist';
import { forgetAccessKeys } from './requireAccessKey';

/** A project's developer settings: the token callback ("" = unset) and the IP whitelist. */
export interface DevConfig {
  tokenCallbackUrl: string;
  ipWhitelist: string[];
}

/** The project's developer settings (unset ones empty). */
export async function readDevConfig(db: Kysely<Database>, projectId: string): Promise<DevConfig> {
  const row = await db
    .selectFrom('dev_configs')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return {
    tokenCallbackUrl: row?.token_callback_url ?? '',
    ipWhitelist: row ? (JSON.parse(row.ip_whitelist) as string[]) : [],
  };
}

/**
 * The whitelist in canonical form, each entry once, in the order given; an entry that is no
 * address or CIDR block is a field error at `/ipWhitelist/<index>` (all of them at once).
 */
export function normalizedWhitelist(raw: string[]): string[] {
  const entries: string[] = [];
  const bad: number[] = [];
  raw.forEach((value, i) => {
    const entry = normalizeWhitelistEntry(value);
    if (!entry) bad.push(i);
    else if (!entries.includes(entry)) entries.push(entry);
  });
  if (bad.length > 0) {
    throw fieldError((lang) =>
      bad.map((i) => ({ path: `/ipWhitelist/${i}`, message: validationMessage('invalid', lang) })),
    );
  }
  return entries;
}

/**
 * Stores checked developer settings and drops the access-key cache, so this server enforces the
 * new whitelist at once. Answers what is stored.
 */
export async function saveDevConfig(
  db: Kysely<Database>,
  projectId: string,
  config: DevConfig,
  now: Date,
): Promise<DevConfig> {
  const values = {
    token_callback_url: config.tokenCallbackUrl || null,
    ip_whitelist: JSON.stringify(config.ipWhitelist),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('dev_configs')
    .values({ project_id: projectId, ...values })
    .onConflict((oc) => oc.column('project_id').doUpdateSet(values))
    .execute();
  forgetAccessKeys(db);
  return readDevConfig(db, projectId);
}
