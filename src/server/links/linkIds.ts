import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';

/** A link id is exactly 6 letters or digits (case-sensitive). */
export const LINK_ID_PATTERN = /^[A-Za-z0-9]{6}$/;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 6-character link id (62^6, about 5.7e10 ids). */
export function randomLinkId(): string {
  let id = '';
  for (let i = 0; i < 6; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** A link id not used in the project yet. */
export async function freeLinkId(db: Kysely<Database>, projectId: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const id = randomLinkId();
    const taken = await db
      .selectFrom('links')
      .select('id')
      .where('project_id', '=', projectId)
      .where('link_id', '=', id)
      .executeTakeFirst();
    if (!taken) return id;
  }
  throw new Error('no free link id after 20 attempts');
}
