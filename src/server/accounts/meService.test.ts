import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, findSession } from './sessions';
import { changePassword, meView, updateProfile } from './meService';

const later = new Date(TEST_TIME.getTime() + 60_000);

describe('meService', () => {
  let t: TestDb;
  const userOf = (id: string) =>
    t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('answers the user with their organisation and the settings', async () => {
    const me = await meView(t.db, t.userId, true);
    expect(me.user).toMatchObject({
      id: t.userId,
      email: 'u1@example.com',
      role: 'owner',
      organisation: { id: 'o1', name: 'O' },
    });
    expect(me.settings).toEqual({ privateCallbacks: true });
    expect((await meView(t.db, t.userId, false)).settings).toEqual({ privateCallbacks: false });
  });

  it("changes own name and e-mail; another user's e-mail is refused", async () => {
    await updateProfile(t.db, t.userId, { name: '  Boss ', email: ' Boss@Example.COM ' }, later);
    expect(await userOf(t.userId)).toMatchObject({
      name: 'Boss',
      email: 'boss@example.com',
      updated_at: later.toISOString(),
    });
    await updateProfile(t.db, t.userId, { name: 'Boss', email: 'boss@example.com' }, later);
    const other = await t.addUser('u2');
    expect(
      await refusal(() => updateProfile(t.db, other, { name: 'X', email: 'BOSS@example.com' }, later)),
    ).toEqual({
      key: 'emailTaken',
      paths: ['/email'],
    });
    expect(await userOf(other)).toMatchObject({ name: 'u2', email: 'u2@example.com' });
  });

  it('changes own password after the old one and ends every other session', async () => {
    await t.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('old-password-1') })
      .execute();
    const mine = await createSession(t.db, t.userId, TEST_TIME, 2);
    const elsewhere = await createSession(t.db, t.userId, TEST_TIME, 2);
    const wrong = { oldPassword: 'not-it', password: 'new-password-1' };
    expect(await refusal(() => changePassword(t.db, t.userId, wrong, mine.sessionId, later))).toEqual({
      key: 'wrongPassword',
      paths: ['/oldPassword'],
    });
    expect(await findSession(t.db, elsewhere.token, later)).toBeDefined();

    const right = { oldPassword: 'old-password-1', password: 'new-password-1' };
    await changePassword(t.db, t.userId, right, mine.sessionId, later);
    const user = await userOf(t.userId);
    expect(await verifyPassword('new-password-1', user.password_hash)).toBe(true);
    expect(user.updated_at).toBe(later.toISOString());
    expect(await findSession(t.db, mine.token, later)).toBeDefined();
    expect(await findSession(t.db, elsewhere.token, later)).toBeUndefined();
  });
});
