import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import './playTables';

/**
 * A new project API secret: 32 random bytes, standard base64 (44 characters). Hand-off signatures
 * are HMAC-SHA256 keyed with this text (its UTF-8 bytes); reward callbacks are signed by the
 * Standard Webhooks rule with the bytes it encodes, so a receiver verifies them with
 * `new Webhook(apiSecret).verify(body, headers)`.
 */
export function newApiSecret(): string {
  return randomBytes(32).toString('base64');
}

/** The project's API secret, made on first sight (projects made before m0007 have none). */
export async function projectApiSecret(db: Kysely<Database>, projectId: string): Promise<string> {
  const row = await db
    .selectFrom('projects')
    .select('api_secret')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  if (row.api_secret) return row.api_secret;
  await db
    .updateTable('projects')
    .set({ api_secret: newApiSecret() })
    .where('id', '=', projectId)
    .where('api_secret', 'is', null)
    .execute();
  // Another server may have made it first: the stored one wins.
  const again = await db
    .selectFrom('projects')
    .select('api_secret')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  return again.api_secret as string;
}
