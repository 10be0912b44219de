import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { verifyPassword } from './passwords';
import { findSession } from './sessions';
import { MAX_RESETS_PER_WINDOW } from './passwordResets';
import { openSession, requestPasswordReset, resetPassword, revokeOwnToken, signUp } from './accountService';

const signUpInput = {
  companyName: ' Acme ',
  email: 'Boss.Person@Example.com',
  password: 'a-long-password-1',
};

describe('accountService', () => {
  let t: TestDb;
  const userOf = (id: string) =>
    t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('signs up an organisation whose owner is named after the e-mail; the e-mail is unique', async () => {
    const id = await signUp(t.db, signUpInput, TEST_TIME);
    const user = await userOf(id);
    expect(user).toMatchObject({ role: 'owner', email: 'boss.person@example.com', name: 'boss.person' });
    expect(await verifyPassword('a-long-password-1', user.password_hash)).toBe(true);
    const organisation = await t.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', user.organisation_id)
      .executeTakeFirstOrThrow();
    expect(organisation.name).toBe('Acme');
    expect(
      (await refusal(() => signUp(t.db, { ...signUpInput, email: 'BOSS.person@example.com' }, TEST_TIME)))
        ?.key,
    ).toBe('emailTaken');
  });

  it('opens a session that names the user and notes the login time', async () => {
    const session = await openSession(t.db, t.userId, TEST_TIME, 2);
    expect(session.user).toMatchObject({ id: t.userId, role: 'owner' });
    expect(Date.parse(session.expiresAt) - TEST_TIME.getTime()).toBe(2 * 3_600_000);
    expect((await userOf(t.userId)).last_login_at).toBe(TEST_TIME.toISOString());
    expect((await findSession(t.db, session.token, TEST_TIME))?.user.id).toBe(t.userId);
  });

  it('revokes an old token on refresh only when it is the caller’s own', async () => {
    const other = await t.addUser('u2');
    const mine = await openSession(t.db, t.userId, TEST_TIME, 2);
    const theirs = await openSession(t.db, other, TEST_TIME, 2);
    await revokeOwnToken(t.db, theirs.token, t.userId, TEST_TIME);
    expect(await findSession(t.db, theirs.token, TEST_TIME)).toBeDefined();
    await revokeOwnToken(t.db, mine.token, t.userId, TEST_TIME);
    expect(await findSession(t.db, mine.token, TEST_TIME)).toBeUndefined();
    await revokeOwnToken(t.db, undefined, t.userId, TEST_TIME);
  });

  it('gives reset tokens up to the window’s limit, none for an unknown e-mail', async () => {
    expect(await requestPasswordReset(t.db, 'nobody@example.com', TEST_TIME)).toBeUndefined();
    for (let i = 0; i < MAX_RESETS_PER_WINDOW; i += 1)
      expect(await requestPasswordReset(t.db, ' U1@example.com ', TEST_TIME)).toMatchObject({
        sent: true,
        userId: t.userId,
        email: 'u1@example.com',
      });
    expect(await requestPasswordReset(t.db, 'u1@example.com', TEST_TIME)).toEqual({
      sent: false,
      userId: t.userId,
      reason: 'limit',
    });
  });

  it('resets the password once per token and ends every session of the user', async () => {
    const session = await openSession(t.db, t.userId, TEST_TIME, 2);
    const reset = await requestPasswordReset(t.db, 'u1@example.com', TEST_TIME);
    if (!reset?.sent) throw new Error('no reset token');
    expect(
      (await refusal(() => resetPassword(t.db, 'not-a-token', 'another-password-2', TEST_TIME)))?.key,
    ).toBe('resetTokenInvalid');
    await resetPassword(t.db, reset.token, 'another-password-2', TEST_TIME);
    expect(await verifyPassword('another-password-2', (await userOf(t.userId)).password_hash)).toBe(true);
    expect(await findSession(t.db, session.token, TEST_TIME)).toBeUndefined();
    expect((await refusal(() => resetPassword(t.db, reset.token, 'third-password-3', TEST_TIME)))?.key).toBe(
      'resetTokenInvalid',
    );
  });
});
