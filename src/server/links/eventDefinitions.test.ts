import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import {
  createEventDefinition,
  deleteEventDefinition,
  getEventDefinition,
  listEventDefinitions,
  replaceEventDefinition,
} from './eventDefinitions';

const T1 = new Date('2026-03-02T08:00:00.000Z');
const T2 = new Date('2026-03-03T08:00:00.000Z');
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'none',
    (error: unknown) => (error instanceof AppError ? error.key : String(error)),
  );

describe('event definitions', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('stores the whole config and answers it with the key and name', async () => {
    const config = { key: 'level_up', name: 'Level up', description: 'x' };
    const created = await createEventDefinition(db, 'p1', config, T1);
    expect(created).toMatchObject({ key: 'level_up', name: 'Level up', config, createdAt: T1.toISOString() });
    expect(await getEventDefinition(db, 'p1', created.id)).toEqual(created);
  });

  it('keeps keys unique in a project, on create and on replace', async () => {
    const a = await createEventDefinition(db, 'p1', { key: 'a', name: 'A' }, T1);
    await createEventDefinition(db, 'p1', { key: 'b', name: 'B' }, T1);
    expect(await failure(createEventDefinition(db, 'p1', { key: 'a', name: 'Again' }, T2))).toBe(
      'eventKeyTaken',
    );
    expect(await failure(replaceEventDefinition(db, 'p1', a.id, { key: 'b', name: 'A' }, T2))).toBe(
      'eventKeyTaken',
    );
    // Its own key is not taken.
    const renamed = await replaceEventDefinition(db, 'p1', a.id, { key: 'a', name: 'A2' }, T2);
    expect(renamed).toMatchObject({
      key: 'a',
      name: 'A2',
      createdAt: T1.toISOString(),
      updatedAt: T2.toISOString(),
    });
  });

  it('lists newest first with the total, filtered by key or name', async () => {
    await createEventDefinition(db, 'p1', { key: 'open_box', name: 'Box' }, T1);
    await createEventDefinition(db, 'p1', { key: 'share', name: 'Share a box' }, T2);
    const all = await listEventDefinitions(db, 'p1', {});
    expect(all).toMatchObject({ total: 2, items: [{ key: 'share' }, { key: 'open_box' }] });
    expect((await listEventDefinitions(db, 'p1', { q: 'OPEN' })).items.map((e) => e.key)).toEqual([
      'open_box',
    ]);
    expect((await listEventDefinitions(db, 'p1', { q: 'box' })).total).toBe(2);
  });

  it('reads, replaces and deletes only definitions of the project', async () => {
    const a = await createEventDefinition(db, 'p1', { key: 'a', name: 'A' }, T1);
    expect(await failure(getEventDefinition(db, 'p2', a.id))).toBe('notFound');
    expect(await failure(replaceEventDefinition(db, 'p2', a.id, { key: 'a', name: 'A' }, T2))).toBe(
      'notFound',
    );
    expect(await failure(deleteEventDefinition(db, 'p2', a.id))).toBe('notFound');
    await deleteEventDefinition(db, 'p1', a.id);
    expect(await failure(getEventDefinition(db, 'p1', a.id))).toBe('notFound');
  });
});
