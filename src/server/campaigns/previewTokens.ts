import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { randomId } from '../db/randomId';
import { hashToken, newSecretToken } from '../accounts/secretToken';

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 30 * 60_000;

/** A short-lived token that shows one campaign's participant page in any phase (drafts too). */
export async function mintPreviewToken(
  db: Kysely<Database>,
  campaignId: string,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  // Expired tokens are useless: drop them so the table stays small.
  await db.deleteFrom('preview_tokens').where('expires_at', '<=', now.toISOString()).execute();
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + PREVIEW_TTL_MS).toISOString();
  await db
    .insertInto('preview_tokens')
    .values({
      id: randomId(),
      token_hash: hashToken(token),
      campaign_id: campaignId,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** Whether a token previews this campaign now. */
export async function isPreviewToken(
  db: Kysely<Database>,
  campaignId: string,
  token: string,
  now: Date,
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db
    .selectFrom('preview_tokens')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('campaign_id', '=', campaignId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return !!row;
}
