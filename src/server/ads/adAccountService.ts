import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { validationMessage } from '../../engine/validation/localizeErrors';
import type { Database } from '../db/tables';
import { AppError, fieldError } from '../errors';
import type { ListConfig } from '../lists/entityListRoutes';
import { normalizeWhitelistEntry } from '../sdk/ipWhitelist';

/** A new postback signing secret: 32 random bytes, base64url (43 characters). */
export function newAccountSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What a caller who is not an advanced ads user sees of a secret: its first 4 characters. */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, 4)}****`;
}

/** A text value of a config or row, else `fallback`. */
export const configText = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

type AccountRow = { id: string; name: string; network?: unknown; secret?: unknown };

/** An account's summary; the secret masked (the caller's view reveals it, see `present`). */
export function accountSummary(row: AccountRow, config: ListConfig, publicUrl: string) {
  return {
    name: row.name,
    network: configText(row.network, configText(config.network)),
    currency: configText(config.currency, 'USD'),
    offerCount: Array.isArray(config.offers) ? config.offers.length : 0,
    postbackUrl: `${publicUrl}/api/ads/v1/postback/${row.id}`,
    secret: maskSecret(configText(row.secret)),
  };
}

/** `allowedIps` entries that are not an address or CIDR block: 400 at `/allowedIps/{i}`. */
export function assertAllowedIps(config: ListConfig): void {
  const entries = Array.isArray(config.allowedIps) ? config.allowedIps : [];
  const bad = entries.flatMap((entry, i) =>
    typeof entry === 'string' && normalizeWhitelistEntry(entry) ? [] : [i],
  );
  if (bad.length > 0)
    throw fieldError((lang) =>
      bad.map((i) => ({ path: `/allowedIps/${i}`, message: validationMessage('invalid', lang) })),
    );
}

/**
 * Gives an account of the project a new postback secret: the row as the list answers it, with
 * the secret in clear (404 for another project's or no such account).
 */
export async function rotateAccountSecret(
  db: Kysely<Database>,
  projectId: string,
  id: string,
  now: Date,
  publicUrl: string,
) {
  const changes = { secret: newAccountSecret(), updated_at: now.toISOString() };
  const row = await db
    .updateTable('ad_accounts')
    .set(changes)
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  const config = JSON.parse(row.config) as ListConfig;
  return {
    id: row.id,
    ...accountSummary(row, config, publicUrl),
    secret: row.secret,
    config,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
