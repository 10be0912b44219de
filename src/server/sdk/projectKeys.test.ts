import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { projectAccessKey, projectApiSecretView, rotateAccessKey, rotateApiSecret } from './projectKeys';

const NOW = new Date('2026-03-05T10:00:00.000Z');

describe('project keys', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('gives a project without a key one on first sight, and the same one after', async () => {
    const first = await projectAccessKey(db, 'p1');
    expect(first).toEqual({ accessKey: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), rotatedAt: null });
    expect(await projectAccessKey(db, 'p1')).toEqual(first);
    const stored = await db
      .selectFrom('projects')
      .select('access_key')
      .where('id', '=', 'p1')
      .executeTakeFirst();
    expect(stored?.access_key).toBe(first.accessKey);
  });

  it('rotating the access key replaces it and records when; the API secret stays', async () => {
    const before = await projectAccessKey(db, 'p1');
    const secret = await projectApiSecretView(db, 'p1');
    expect(secret.apiSecretRotatedAt).toBeNull();
    const rotated = await rotateAccessKey(db, 'p1', NOW);
    expect(rotated.accessKey).not.toBe(before.accessKey);
    expect(await projectAccessKey(db, 'p1')).toEqual({
      accessKey: rotated.accessKey,
      rotatedAt: NOW.toISOString(),
    });
    expect(await projectApiSecretView(db, 'p1')).toEqual(secret);
  });

  it('rotating the API secret replaces it and records when; the access key stays', async () => {
    const key = await projectAccessKey(db, 'p1');
    const before = await projectApiSecretView(db, 'p1');
    const rotated = await rotateApiSecret(db, 'p1', NOW);
    expect(rotated.apiSecret).not.toBe(before.apiSecret);
    expect(await projectApiSecretView(db, 'p1')).toEqual({
      apiSecret: rotated.apiSecret,
      apiSecretRotatedAt: NOW.toISOString(),
    });
    expect(await projectAccessKey(db, 'p1')).toEqual(key);
  });
});
