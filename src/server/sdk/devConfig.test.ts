import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { normalizedWhitelist, readDevConfig, saveDevConfig } from './devConfig';

describe('normalizedWhitelist', () => {
  it('keeps each address or block once, in canonical form and in order', () => {
    expect(normalizedWhitelist([' 203.0.113.7 ', '2001:DB8::1', '203.0.113.7', '10.0.0.0/8'])).toEqual([
      '203.0.113.7',
      '2001:db8::1',
      '10.0.0.0/8',
    ]);
  });

  it('names every entry that is not an address or block', () => {
    let caught: unknown;
    try {
      normalizedWhitelist(['203.0.113.7', 'example.com', '10.0.0.0/99']);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AppError);
    const error = caught as AppError;
    expect(error.key).toBe('validation');
    expect(error.options.errors?.('en-US').map((e) => e.path)).toEqual(['/ipWhitelist/1', '/ipWhitelist/2']);
  });
});

describe('developer settings', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('reads empty settings before any are saved, then what was saved; "" unsets the callback', async () => {
    expect(await readDevConfig(db, 'p1')).toEqual({ tokenCallbackUrl: '', ipWhitelist: [] });
    const config = { tokenCallbackUrl: 'https://example.com/token', ipWhitelist: ['203.0.113.7'] };
    expect(await saveDevConfig(db, 'p1', config, new Date('2026-03-01T00:00:00Z'))).toEqual(config);
    expect(await saveDevConfig(db, 'p1', { tokenCallbackUrl: '', ipWhitelist: [] }, new Date())).toEqual({
      tokenCallbackUrl: '',
      ipWhitelist: [],
    });
    const row = await db
      .selectFrom('dev_configs')
      .selectAll()
      .where('project_id', '=', 'p1')
      .executeTakeFirst();
    expect(row?.token_callback_url).toBeNull();
  });
});
