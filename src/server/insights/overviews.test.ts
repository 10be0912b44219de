import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { createOverview, deleteOverview, listOverviews, saveOverview } from './overviews';
import type { OverviewInput } from './overviewSchemas';

const day = (n: number) => new Date(Date.UTC(2026, 2, n, 8));
const board = (name: string, isDefault?: boolean): OverviewInput => ({
  name,
  ...(isDefault === undefined ? {} : { isDefault }),
  widgets: [{ metric: 'activeUsers', chart: 'line' }],
});

describe('overview dashboards', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const defaults = async () => (await listOverviews(db, 'p1')).filter((o) => o.isDefault).map((o) => o.name);

  it('makes the first dashboard the default and numbers widgets without an id', async () => {
    const first = await createOverview(
      db,
      'p1',
      null,
      {
        name: ' Main ',
        widgets: [
          { metric: 'events', chart: 'column', groupBy: 'name' },
          { id: 'mine', metric: 'summary', chart: 'number' },
          { metric: 'retention', chart: 'table' },
        ],
      },
      day(1),
    );
    expect(first).toMatchObject({ name: 'Main', isDefault: true, filters: {} });
    expect(first.widgets.map((w) => w.id)).toEqual(['w1', 'mine', 'w3']);
    const second = await createOverview(db, 'p1', null, board('Second'), day(2));
    expect(second.isDefault).toBe(false);
    expect((await listOverviews(db, 'p1')).map((o) => o.name)).toEqual(['Main', 'Second']);
  });

  it('keeps exactly one default: isDefault true moves it, false on the default is ignored', async () => {
    await createOverview(db, 'p1', null, board('A'), day(1));
    const b = await createOverview(db, 'p1', null, board('B', true), day(2));
    expect(await defaults()).toEqual(['B']);
    await saveOverview(db, 'p1', b.id, board('B', false), day(3));
    expect(await defaults()).toEqual(['B']);
    const c = await createOverview(db, 'p1', null, board('C'), day(4));
    const saved = await saveOverview(db, 'p1', c.id, board('C renamed', true), day(5));
    expect(saved).toMatchObject({ isDefault: true, updatedAt: day(5).toISOString() });
    expect(await defaults()).toEqual(['C renamed']);
    // The default is listed first, the others oldest first.
    expect((await listOverviews(db, 'p1')).map((o) => o.name)).toEqual(['C renamed', 'A', 'B']);
  });

  it('deleting the default makes the oldest remaining dashboard the default', async () => {
    const a = await createOverview(db, 'p1', null, board('A'), day(1));
    const b = await createOverview(db, 'p1', null, board('B'), day(2));
    await createOverview(db, 'p1', null, board('C'), day(3));
    await deleteOverview(db, 'p1', b.id);
    expect(await defaults()).toEqual(['A']);
    await deleteOverview(db, 'p1', a.id);
    expect(await defaults()).toEqual(['C']);
  });

  it('answers 404 for a dashboard of another project', async () => {
    const a = await createOverview(db, 'p1', null, board('A'), day(1));
    const key = (promise: Promise<unknown>) =>
      promise.then(
        () => 'none',
        (error: unknown) => (error instanceof AppError ? error.key : String(error)),
      );
    expect(await key(saveOverview(db, 'p2', a.id, board('X'), day(2)))).toBe('notFound');
    expect(await key(deleteOverview(db, 'p2', a.id))).toBe('notFound');
    expect(await listOverviews(db, 'p1')).toHaveLength(1);
  });
});
