import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { insertLink } from './linkService';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  replaceTemplate,
  templateAnswer,
} from './linkTemplateService';

describe('linkTemplateService', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await testDb();
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('creates, lists with link counts and replaces templates; names are the config’s, trimmed', async () => {
    const app = await createTemplate(t.db, 'p1', t.userId, { name: ' App ' }, TEST_TIME);
    expect(app).toMatchObject({ name: 'App', linkCount: 0, config: { name: ' App ' } });
    await insertLink(
      t.db,
      'p1',
      t.userId,
      { name: 'L', templateId: app.id, redirectMode: 'store' },
      'abc123',
      TEST_TIME,
    );
    expect((await listTemplates(t.db, 'p1', {})).items.map((i) => [i.name, i.linkCount])).toEqual([
      ['App', 1],
    ]);
    expect((await listTemplates(t.db, 'p1', { q: 'zzz' })).total).toBe(0);
    const row = await findTemplate(t.db, 'p1', app.id);
    const later = new Date(TEST_TIME.getTime() + 1000);
    const replaced = await replaceTemplate(t.db, row, { name: 'Web' }, later);
    expect(await findTemplate(t.db, 'p1', app.id)).toEqual(replaced);
    expect(await templateAnswer(t.db, replaced)).toMatchObject({
      name: 'Web',
      linkCount: 1,
      updatedAt: later.toISOString(),
    });
    expect((await refusal(() => findTemplate(t.db, 'p2', app.id)))?.key).toBe('notFound');
  });

  it('deletes only a template no link uses', async () => {
    const used = await createTemplate(t.db, 'p1', t.userId, { name: 'Used' }, TEST_TIME);
    const free = await createTemplate(t.db, 'p1', t.userId, { name: 'Free' }, TEST_TIME);
    await insertLink(
      t.db,
      'p1',
      t.userId,
      { name: 'L', templateId: used.id, redirectMode: 'store' },
      'abc123',
      TEST_TIME,
    );
    expect(
      (await refusal(async () => deleteTemplate(t.db, await findTemplate(t.db, 'p1', used.id))))?.key,
    ).toBe('templateInUse');
    await deleteTemplate(t.db, await findTemplate(t.db, 'p1', free.id));
    expect((await listTemplates(t.db, 'p1', {})).items.map((i) => i.name)).toEqual(['Used']);
  });
});
