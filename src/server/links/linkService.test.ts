import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import {
  findLink,
  insertLink,
  linksCsv,
  listLinks,
  prepareLink,
  storedConfig,
  tagNames,
  updateLink,
} from './linkService';

const BASE = 'https://p.links.example.com';
const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Spring',
  templateId: 't1',
  redirectMode: 'store',
  tags: ['ads', ' ads ', 'mail'],
  ...extra,
});

/** The AppError key and field paths a call throws. */
describe('linkService', () => {
  let t: TestDb;
  const time = TEST_TIME.toISOString();

  beforeEach(async () => {
    t = await testDb();
    await t.db
      .insertInto('link_templates')
      .values({
        id: 't1',
        project_id: 'p1',
        name: 'App',
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

  it('stores the config without tags but with the link id, and reads tag names only', () => {
    expect(JSON.parse(storedConfig(body({ linkId: 'old' }), 'abc123'))).toEqual({
      name: 'Spring',
      templateId: 't1',
      redirectMode: 'store',
      linkId: 'abc123',
    });
    expect(tagNames({ tags: ['a', 3, 'b'] })).toEqual(['a', 'b']);
    expect(tagNames({})).toEqual([]);
  });

  it('refuses targets that are not http(s), another project’s template and a taken id', async () => {
    expect(
      await refusal(() =>
        prepareLink(
          t.db,
          'p1',
          body({ redirects: { ios: 'javascript:alert(1)', web: 'https://example.com' } }),
        ),
      ),
    ).toEqual({ key: 'validation', paths: ['/redirects/ios'] });
    expect(await refusal(() => prepareLink(t.db, 'p1', body({ templateId: 'nope' })))).toEqual({
      key: 'validation',
      paths: ['/templateId'],
    });
    const first = await insertLink(t.db, 'p1', t.userId, body(), 'abc123', TEST_TIME);
    expect(await refusal(() => prepareLink(t.db, 'p1', body({ linkId: 'abc123' })))).toEqual({
      key: 'linkIdTaken',
      paths: ['/linkId'],
    });
    // The link itself may keep its id; without one in the body it keeps the stored one.
    expect(await prepareLink(t.db, 'p1', body({ linkId: 'abc123' }), first)).toBe('abc123');
    expect(await prepareLink(t.db, 'p1', body(), first)).toBe('abc123');
    expect(await prepareLink(t.db, 'p1', body())).toMatch(/^[A-Za-z0-9]{6}$/);
  });

  it('creates and replaces links with their tags; a taken id at write time answers linkIdTaken', async () => {
    const row = await insertLink(t.db, 'p1', t.userId, body(), 'abc123', TEST_TIME);
    expect((await listLinks(t.db, 'p1', {}, {}, BASE)).items[0]).toMatchObject({
      linkId: 'abc123',
      tags: ['ads', 'mail'],
      templateName: 'App',
      url: `${BASE}/abc123`,
    });
    const later = new Date(TEST_TIME.getTime() + 1000);
    const updated = await updateLink(t.db, row, body({ name: 'Summer', tags: ['mail'] }), 'xyz789', later);
    expect(await findLink(t.db, 'p1', row.id)).toEqual(updated);
    expect(updated).toMatchObject({ link_id: 'xyz789', name: 'Summer', updated_at: later.toISOString() });
    expect((await listLinks(t.db, 'p1', { tag: 'ads' }, {}, BASE)).total).toBe(0);
    expect(await refusal(() => insertLink(t.db, 'p1', t.userId, body(), 'xyz789', later))).toEqual({
      key: 'linkIdTaken',
      paths: ['/linkId'],
    });
    expect(await refusal(() => findLink(t.db, 'p2', row.id))).toMatchObject({ key: 'notFound' });
  });

  it('lists by text, tag, template and creation range, newest first, a page at a time', async () => {
    for (const [i, name] of ['Alpha', 'Beta', 'Gamma'].entries())
      await insertLink(
        t.db,
        'p1',
        t.userId,
        body({ name, tags: i === 1 ? ['b'] : [] }),
        `id${i}aaa`,
        new Date(TEST_TIME.getTime() + i * 60_000),
      );
    const names = async (filters: object, page = {}) =>
      (await listLinks(t.db, 'p1', filters, page, BASE)).items.map((v) => v.name);
    expect(await names({})).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(await names({ q: 'ET' })).toEqual(['Beta']);
    expect(await names({ q: 'id2' })).toEqual(['Gamma']);
    expect(await names({ tag: 'b' })).toEqual(['Beta']);
    expect(await names({ templateId: 'other' })).toEqual([]);
    expect(await names({ startIso: new Date(TEST_TIME.getTime() + 60_000).toISOString() })).toEqual([
      'Gamma',
      'Beta',
    ]);
    expect(await names({ endIso: new Date(TEST_TIME.getTime() + 60_000).toISOString() })).toEqual(['Alpha']);
    expect(await names({}, { page: 2, pageSize: 2 })).toEqual(['Alpha']);
  });

  it('exports links as CSV with creation times in the given zone and zero event counts', async () => {
    await insertLink(t.db, 'p1', t.userId, body({ name: '=cmd' }), 'abc123', TEST_TIME);
    const csv = await linksCsv(t.db, 'p1', {}, 'Asia/Shanghai', BASE);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'link_id,name,url,template,tags,redirect_mode,created_at,clicks,installs,opens,registrations',
    );
    expect(lines[1]).toContain(`abc123,'=cmd,${BASE}/abc123,App,ads;mail,store,2026-03-01T16:00:00`);
    expect(lines[1]).toMatch(/,0,0,0,0$/);
  });
});
