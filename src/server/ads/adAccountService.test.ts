import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import {
  accountSummary,
  assertAllowedIps,
  maskSecret,
  newAccountSecret,
  rotateAccountSecret,
} from './adAccountService';

const PUBLIC = 'https://console.example.com';

describe('adAccountService', () => {
  let t: TestDb;
  const time = TEST_TIME.toISOString();

  beforeEach(async () => {
    t = await testDb();
    await t.db
      .insertInto('ad_accounts')
      .values({
        id: 'a1',
        project_id: 'p1',
        name: 'Net',
        config: JSON.stringify({ network: 'net', offers: [{ id: 'o1' }, { id: 'o2' }] }),
        network: 'net',
        secret: 'old-secret',
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('makes 43-character secrets and masks all but 4 characters', () => {
    const secret = newAccountSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newAccountSecret()).not.toBe(secret);
    expect(maskSecret('abcdefgh')).toBe('abcd****');
  });

  it('summarises an account with its postback address, USD by default and the secret masked', () => {
    expect(
      accountSummary({ id: 'a1', name: 'Net', network: 7, secret: 'abcdefgh' }, { network: 'n2' }, PUBLIC),
    ).toEqual({
      name: 'Net',
      network: 'n2',
      currency: 'USD',
      offerCount: 0,
      postbackUrl: `${PUBLIC}/api/ads/v1/postback/a1`,
      secret: 'abcd****',
    });
  });

  it('refuses allowedIps entries that are not an address or CIDR block, at their index', () => {
    expect(() => assertAllowedIps({ allowedIps: ['10.0.0.1', '10.0.0.0/8', '2001:db8::/32'] })).not.toThrow();
    expect(() => assertAllowedIps({})).not.toThrow();
    try {
      assertAllowedIps({ allowedIps: ['10.0.0.1', 'not an address', 3] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).options.errors?.('en-US').map((e) => e.path)).toEqual([
        '/allowedIps/1',
        '/allowedIps/2',
      ]);
    }
  });

  it('rotates the secret of an account of the project and answers it in clear', async () => {
    const later = new Date('2026-03-02T10:00:00.000Z');
    const answer = await rotateAccountSecret(t.db, 'p1', 'a1', later, PUBLIC);
    expect(answer).toMatchObject({
      id: 'a1',
      name: 'Net',
      network: 'net',
      offerCount: 2,
      config: { network: 'net', offers: [{ id: 'o1' }, { id: 'o2' }] },
      createdAt: time,
      updatedAt: later.toISOString(),
    });
    expect(answer.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('ad_accounts').select('secret').executeTakeFirstOrThrow();
    expect(stored.secret).toBe(answer.secret);
    await expect(rotateAccountSecret(t.db, 'p2', 'a1', later, PUBLIC)).rejects.toEqual(
      new AppError('notFound'),
    );
    expect((await t.db.selectFrom('ad_accounts').select('secret').executeTakeFirstOrThrow()).secret).toBe(
      answer.secret,
    );
  });
});
