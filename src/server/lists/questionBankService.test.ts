import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { bankAnswer, createBank, findBank, listBanks, renameBank } from './questionBankService';

describe('questionBankService', () => {
  let t: TestDb;
  const at = (s: number) => new Date(TEST_TIME.getTime() + s * 1000);
  const addQuestion = (id: string, bankId: string) =>
    t.db
      .insertInto('questions')
      .values({
        id,
        project_id: 'p1',
        bank_id: bankId,
        name: id,
        config: '{}',
        created_by: null,
        created_at: TEST_TIME.toISOString(),
        updated_at: TEST_TIME.toISOString(),
      })
      .execute();

  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('lists banks newest first with question counts, by name text, a page at a time', async () => {
    const animals = await createBank(t.db, 'p1', t.userId, ' Animals ', TEST_TIME);
    await createBank(t.db, 'p1', t.userId, 'Cities_2', at(1));
    await addQuestion('q1', animals.id);
    await addQuestion('q2', animals.id);
    const list = (q: object) => listBanks(t.db, 'p1', { page: 1, pageSize: 20, ...q });
    expect((await list({})).items.map((b) => [b.name, b.questionCount])).toEqual([
      ['Cities_2', 0],
      ['Animals', 2],
    ]);
    // `_` is a character, not a pattern.
    expect((await list({ q: 's_' })).items.map((b) => b.name)).toEqual(['Cities_2']);
    expect((await list({ q: 'es' })).total).toBe(1);
    expect(await list({ pageSize: 1, page: 2 })).toMatchObject({ total: 2, items: [{ name: 'Animals' }] });
  });

  it('renames within the project and keeps the count; another project’s bank is not found', async () => {
    const bank = await createBank(t.db, 'p1', t.userId, 'A', TEST_TIME);
    await addQuestion('q1', bank.id);
    const row = await findBank(t.db, 'p1', bank.id);
    expect(await renameBank(t.db, row, ' B ', at(5))).toMatchObject({
      name: 'B',
      questionCount: 1,
      updatedAt: at(5).toISOString(),
    });
    expect(await bankAnswer(t.db, await findBank(t.db, 'p1', bank.id))).toMatchObject({ name: 'B' });
    await expect(findBank(t.db, 'p2', bank.id)).rejects.toThrow(AppError);
  });
});
