import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { newAccessKey } from '../attribution/newAccessKey';
import { newApiSecret, projectApiSecret } from '../play/apiSecret';
import { forgetAccessKeys } from './requireAccessKey';

/**
 * The project's SDK access key and when it was last refreshed (null = the key it was created
 * with). A project made before keys existed gets one on first sight; when two requests race, both
 * answer the key that was stored.
 */
export async function projectAccessKey(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ accessKey: string; rotatedAt: string | null }> {
  const row = await db
    .selectFrom('projects')
    .select(['access_key', 'access_key_rotated_at'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  let accessKey = row.access_key;
  if (!accessKey) {
    accessKey = newAccessKey();
    await db
      .updateTable('projects')
      .set({ access_key: accessKey })
      .where('id', '=', projectId)
      .where('access_key', 'is', null)
      .execute();
    const again = await db
      .selectFrom('projects')
      .select('access_key')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    accessKey = again.access_key ?? accessKey;
  }
  return { accessKey, rotatedAt: row.access_key_rotated_at };
}

/** The project's API secret (made on first sight) and when it was last refreshed. */
export async function projectApiSecretView(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ apiSecret: string; apiSecretRotatedAt: string | null }> {
  const apiSecret = await projectApiSecret(db, projectId);
  const row = await db
    .selectFrom('projects')
    .select('api_secret_rotated_at')
    .where('id', '=', projectId)
    .executeTakeFirst();
  return { apiSecret, apiSecretRotatedAt: row?.api_secret_rotated_at ?? null };
}

/** Replaces the access key: the old one stops working at once (the key cache is dropped). */
export async function rotateAccessKey(
  db: Kysely<Database>,
  projectId: string,
  now: Date,
): Promise<{ accessKey: string; rotatedAt: string }> {
  const accessKey = newAccessKey();
  const rotatedAt = now.toISOString();
  await db
    .updateTable('projects')
    .set({ access_key: accessKey, access_key_rotated_at: rotatedAt })
    .where('id', '=', projectId)
    .execute();
  forgetAccessKeys(db);
  return { accessKey, rotatedAt };
}

/** Replaces the API secret; the access key stays. */
export async function rotateApiSecret(
  db: Kysely<Database>,
  projectId: string,
  now: Date,
): Promise<{ apiSecret: string; apiSecretRotatedAt: string }> {
  const apiSecret = newApiSecret();
  const apiSecretRotatedAt = now.toISOString();
  await db
    .updateTable('projects')
    .set({ api_secret: apiSecret, api_secret_rotated_at: apiSecretRotatedAt })
    .where('id', '=', projectId)
    .execute();
  return { apiSecret, apiSecretRotatedAt };
}
