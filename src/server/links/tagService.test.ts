import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { insertLink } from './linkService';
import { createTag, deleteTag, findTag, listTags, renameTag } from './tagService';

describe('tagService', () => {
  let t: TestDb;
  const later = (s: number) => new Date(TEST_TIME.getTime() + s * 1000);

  beforeEach(async () => {
    t = await testDb();
    const time = TEST_TIME.toISOString();
    await t.db
      .insertInto('link_templates')
      .values({
        id: 't1',
        project_id: 'p1',
        name: 'T',
        config: '{}',
        created_by: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('keeps names trimmed and unique in the project', async () => {
    const spring = await createTag(t.db, 'p1', ' spring ', TEST_TIME);
    expect(spring).toMatchObject({ name: 'spring', linkCount: 0 });
    expect((await refusal(() => createTag(t.db, 'p1', 'spring', TEST_TIME)))?.key).toBe('tagTaken');
    const summer = await createTag(t.db, 'p1', 'summer', later(1));
    expect((await refusal(() => renameTag(t.db, 'p1', summer.id, ' spring')))?.key).toBe('tagTaken');
    // Renaming a tag to its own name is no clash.
    expect((await renameTag(t.db, 'p1', spring.id, 'spring')).name).toBe('spring');
    expect((await refusal(() => renameTag(t.db, 'p2', spring.id, 'x')))?.key).toBe('notFound');
  });

  it('lists newest first with link counts; renaming keeps the links, deleting frees them', async () => {
    await insertLink(
      t.db,
      'p1',
      t.userId,
      { name: 'L', templateId: 't1', redirectMode: 'store', tags: ['ads'] },
      'abc123',
      TEST_TIME,
    );
    await createTag(t.db, 'p1', 'mail', later(1));
    const ads = (await listTags(t.db, 'p1', {})).items.find((i) => i.name === 'ads');
    expect((await listTags(t.db, 'p1', {})).items.map((i) => [i.name, i.linkCount])).toEqual([
      ['mail', 0],
      ['ads', 1],
    ]);
    expect((await listTags(t.db, 'p1', { q: 'AI' })).items.map((i) => i.name)).toEqual(['mail']);
    expect(await renameTag(t.db, 'p1', ads!.id, 'paid')).toMatchObject({ name: 'paid', linkCount: 1 });
    await deleteTag(t.db, 'p1', ads!.id);
    expect((await refusal(() => findTag(t.db, 'p1', ads!.id)))?.key).toBe('notFound');
    expect(await t.db.selectFrom('link_tags').selectAll().execute()).toEqual([]);
  });
});
