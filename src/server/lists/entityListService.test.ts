import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectAccess } from '../appContext';
import { AppError } from '../errors';
import { isUniqueViolation } from '../db/isUniqueViolation';
import type { ListRowColumns } from '../db/campaignTables';
import { testDb, TEST_TIME, type TestDb } from '../db/testDb';
import {
  createListRow,
  deleteListRow,
  findListRow,
  listRowAnswer,
  listRows,
  scopeColumns,
  setListRowStatus,
  updateListRow,
  type ListConfig,
  type ListRowsSpec,
} from './entityListService';

const project: ProjectAccess = {
  id: 'p1',
  organisationId: 'o1',
  name: 'P',
  domainPrefix: 'p',
  timeZone: 'UTC',
  rollupTimeZone: 'UTC',
  permission: 'edit',
  adsAdvanced: false,
};
const at = (s: number) => new Date(TEST_TIME.getTime() + s * 1000);
const nameOf = (config: ListConfig) => String(config.name ?? '');

/** The AppError key and field paths a call throws. */
async function refusal(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { key: error.key, paths: error.options.errors?.('en-US').map((e) => e.path) };
  }
  return undefined;
}

describe('entityListService', () => {
  let t: TestDb;
  let committed: string[];
  const prizes: ListRowsSpec = {
    table: 'prizes',
    nameOf,
    summary: (_row, config, extra) => ({ name: config.name, ...extra.get(_row.id) }),
    afterCommit: (id) => committed.push(id),
  };
  const create = (spec: ListRowsSpec, config: ListConfig, s = 0, scope = {}) =>
    createListRow(t.db, spec, { project, userId: t.userId, config, scope, now: at(s) });

  beforeEach(async () => {
    t = await testDb();
    committed = [];
  });
  afterEach(async () => {
    await t.db.destroy();
  });

  it('lists the project’s rows newest first, by name text (literally), a page at a time', async () => {
    const a = await create(prizes, { name: 'Gold 100%' }, 0);
    const b = await create(prizes, { name: 'Silver' }, 1);
    const c = await create(prizes, { name: 'gold bar' }, 2);
    const list = async (q: object) => {
      const page = await listRows(t.db, prizes, 'p1', { page: 1, pageSize: 20, ...q });
      return { names: page.rows.map((r) => r.name), total: page.total };
    };
    expect(await list({})).toEqual({ names: ['gold bar', 'Silver', 'Gold 100%'], total: 3 });
    expect(await list({ q: ' GOLD ' })).toEqual({ names: ['gold bar', 'Gold 100%'], total: 2 });
    expect(await list({ q: '0%' })).toEqual({ names: ['Gold 100%'], total: 1 });
    expect(await list({ q: '_' })).toEqual({ names: [], total: 0 });
    expect(await list({ pageSize: 2, page: 2 })).toEqual({ names: ['Gold 100%'], total: 3 });
    expect(committed).toEqual([a.id, b.id, c.id]);
  });

  it('stores name, config, creator and times, and answers id, summary, config and times', async () => {
    const row = await create(prizes, { name: 'Gold', stock: 3 }, 5);
    const stored = await findListRow(t.db, prizes, 'p1', row.id);
    expect(stored).toEqual({
      id: row.id,
      project_id: 'p1',
      name: 'Gold',
      config: '{"name":"Gold","stock":3}',
      created_by: 'u1',
      created_at: at(5).toISOString(),
      updated_at: at(5).toISOString(),
    });
    expect(listRowAnswer(prizes, stored, new Map([[row.id, { wins: 2 }]]))).toEqual({
      id: row.id,
      name: 'Gold',
      wins: 2,
      config: { name: 'Gold', stock: 3 },
      createdAt: at(5).toISOString(),
      updatedAt: at(5).toISOString(),
    });
    expect(await refusal(() => findListRow(t.db, prizes, 'p2', row.id))).toEqual({
      key: 'notFound',
      paths: undefined,
    });
  });

  it('a scoped list needs a parent of the project, and lists by it', async () => {
    const questions: ListRowsSpec = {
      table: 'questions',
      nameOf,
      summary: (row) => ({ bankId: row.bank_id }),
      scope: { query: 'bankId', column: 'bank_id', parentTable: 'question_banks', field: 'bankId' },
    };
    const time = TEST_TIME.toISOString();
    for (const id of ['b1', 'b2'])
      await t.db
        .insertInto('question_banks')
        .values({ id, project_id: 'p1', name: id, created_by: null, created_at: time, updated_at: time })
        .execute();
    expect(await scopeColumns(t.db, prizes, 'p1', undefined)).toEqual({});
    expect(await scopeColumns(t.db, questions, 'p1', 'b1')).toEqual({ bank_id: 'b1' });
    expect(await refusal(() => scopeColumns(t.db, questions, 'p1', undefined))).toEqual({
      key: 'validation',
      paths: ['/querystring/bankId'],
    });
    expect(await refusal(() => scopeColumns(t.db, questions, 'p2', 'b1'))).toEqual({
      key: 'validation',
      paths: ['/querystring/bankId'],
    });
    await create(questions, { name: 'q1' }, 0, { bank_id: 'b1' });
    await create(questions, { name: 'q2' }, 1, { bank_id: 'b2' });
    const page = await listRows(t.db, questions, 'p1', { page: 1, pageSize: 20, bankId: 'b1' });
    expect(page.rows.map((r) => r.name)).toEqual(['q1']);
  });

  describe('tasks: columns, filters, unique keys and rows that follow', () => {
    let followed: [string, ListConfig | null][];
    let failFollow: boolean;
    const tasks = (): ListRowsSpec => ({
      table: 'project_tasks',
      nameOf,
      summary: (row) => ({ status: row.status }),
      columns: (config) => ({
        task_key: String(config.key),
        event: 'e',
        status: String(config.status ?? 'offline'),
      }),
      filters: { status: { column: 'status', schema: {} as never } },
      onUniqueViolation: (error) => (isUniqueViolation(error) ? new AppError('linkIdTaken') : undefined),
      afterWrite: async (db, _project, before, config) => {
        followed.push([before.id, config]);
        // A write inside the transaction, seen only if it commits.
        await db.updateTable('prizes').set({ name: 'followed' }).execute();
        if (failFollow) throw new Error('follow failed');
      },
      afterCommit: (id) => committed.push(id),
    });
    beforeEach(() => {
      followed = [];
      failFollow = false;
    });

    it('filters by a column, maps a unique violation, and updates with the rows that follow', async () => {
      const spec = tasks();
      const a = await create(spec, { name: 'A', key: 'a', status: 'online' });
      await create(spec, { name: 'B', key: 'b' }, 1);
      const online = await listRows(t.db, spec, 'p1', { page: 1, pageSize: 20, status: 'online' });
      expect(online.rows.map((r) => r.name)).toEqual(['A']);
      expect(await refusal(() => create(spec, { name: 'A2', key: 'a' }, 2))).toEqual({
        key: 'linkIdTaken',
        paths: undefined,
      });
      expect(
        await refusal(() => updateListRow(t.db, spec, project, a, { name: 'A', key: 'b' }, at(3))),
      ).toEqual({ key: 'linkIdTaken', paths: undefined });

      committed = [];
      const updated = await updateListRow(t.db, spec, project, a, { name: 'A!', key: 'c' }, at(4));
      expect(updated).toMatchObject({ id: a.id, name: 'A!', task_key: 'c', updated_at: at(4).toISOString() });
      expect(await findListRow(t.db, spec, 'p1', a.id)).toEqual(updated);
      expect(followed.at(-1)).toEqual([a.id, { name: 'A!', key: 'c' }]);
      expect(committed).toEqual([a.id]);
    });

    it('an update or delete whose followers fail changes nothing', async () => {
      const spec = tasks();
      const a = await create(spec, { name: 'A', key: 'a' });
      await create(prizes, { name: 'P' });
      failFollow = true;
      committed = [];
      await expect(updateListRow(t.db, spec, project, a, { name: 'X', key: 'x' }, at(1))).rejects.toThrow(
        'follow failed',
      );
      await expect(deleteListRow(t.db, spec, project, a)).rejects.toThrow('follow failed');
      expect((await findListRow(t.db, spec, 'p1', a.id)).name).toBe('A');
      expect((await t.db.selectFrom('prizes').select('name').executeTakeFirstOrThrow()).name).toBe('P');
      expect(committed).toEqual([]);

      failFollow = false;
      await deleteListRow(t.db, spec, project, a);
      expect(followed.at(-1)).toEqual([a.id, null]);
      expect(committed).toEqual([a.id]);
      expect(await refusal(() => findListRow(t.db, spec, 'p1', a.id))).toMatchObject({ key: 'notFound' });
    });

    it('status: column and config change together; the same status again changes nothing', async () => {
      const spec = tasks();
      const a = await create(spec, { name: 'A', key: 'a', status: 'offline' });
      committed = [];
      const online = await setListRowStatus(t.db, spec, project, a, 'online', at(7));
      const stored = await findListRow(t.db, spec, 'p1', a.id);
      expect(stored).toEqual(online);
      expect(stored).toMatchObject({ status: 'online', updated_at: at(7).toISOString() });
      expect(JSON.parse(stored.config)).toEqual({ name: 'A', key: 'a', status: 'online' });
      expect(followed).toEqual([[a.id, { name: 'A', key: 'a', status: 'online' }]]);
      expect(committed).toEqual([a.id]);

      const again = await setListRowStatus(t.db, spec, project, stored, 'online', at(9));
      expect(again).toBe(stored);
      expect(await findListRow(t.db, spec, 'p1', a.id)).toEqual(stored);
      expect(committed).toEqual([a.id]);
    });
  });

  it('create columns run in the create’s transaction, retried as the list says, at most 5 times', async () => {
    let calls = 0;
    let failures = 0;
    const spec: ListRowsSpec = {
      ...prizes,
      createColumns: async (db) => {
        calls += 1;
        const n = await db
          .selectFrom('prizes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        if (calls <= failures) throw new Error('taken');
        return { name: `#${Number(n.n) + 1}` };
      },
      afterCreate: async (db, _project, row) => {
        await db
          .insertInto('prizes')
          .values({ ...(row as ListRowColumns), id: `${row.id}-follower` })
          .execute();
      },
      retryCreate: (error) => error instanceof Error && error.message === 'taken',
    };
    failures = 4;
    const row = await create(spec, { name: 'ignored' });
    expect(calls).toBe(5);
    expect(row.name).toBe('#1');
    expect(await findListRow(t.db, spec, 'p1', row.id)).toMatchObject({ name: '#1' });
    expect(await findListRow(t.db, spec, 'p1', `${row.id}-follower`)).toMatchObject({ name: '#1' });

    calls = 0;
    failures = 5;
    await expect(create(spec, { name: 'x' })).rejects.toThrow('taken');
    expect(calls).toBe(5);
    expect((await listRows(t.db, spec, 'p1', { page: 1, pageSize: 20 })).total).toBe(2);
  });
});
