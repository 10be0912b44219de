import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { createEventDefinition } from '../links/eventDefinitions';
import { addTestDevice } from './testDevices';
import { customNamesOf, loadBatchContext, sortBatch, type BatchContext } from './sdkBatch';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const event = (eventId: string, extra: Record<string, unknown> = {}) => ({
  eventId,
  name: 'open',
  deviceId: 'dev-1',
  platform: 'ios',
  time: '2026-03-10T11:00:00.000Z',
  ...extra,
});
const context = (customKeys: string[] = [], testIds: string[] = []): BatchContext => ({
  customKeys: new Set(customKeys),
  testIds: new Set(testIds),
});

describe('the custom names a batch looks up', () => {
  it('are the names that can be event keys, sent as custom or not standard', () => {
    const raw = [
      event('a'),
      event('b', { name: 'level_up' }),
      event('c', { name: 'open', category: 'custom' }),
      event('d', { name: 'bad name' }),
      event('e', { name: 'x'.repeat(51) }),
      event('f', { name: 7 }),
      null,
      'open',
    ];
    expect([...customNamesOf(raw)]).toEqual(['level_up', 'open']);
  });
});

describe('a batch read from the project', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  it('reads the custom keys it names and the test devices of its own project only', async () => {
    await createEventDefinition(db, 'p1', { key: 'level_up', name: 'Level up' }, NOW);
    await createEventDefinition(db, 'p1', { key: 'unnamed_in_batch', name: 'Other' }, NOW);
    await addTestDevice(db, 'p1', { name: 'Phone', deviceId: 'dev-test' }, NOW);
    const raw = [event('a', { name: 'level_up' }), event('b', { name: 'never_defined' })];
    const read = await loadBatchContext(db, 'p1', raw);
    expect([...read.customKeys]).toEqual(['level_up']);
    expect([...read.testIds]).toEqual(['dev-test']);
    const elsewhere = await loadBatchContext(db, 'p2', raw);
    expect(elsewhere.customKeys.size + elsewhere.testIds.size).toBe(0);
  });
});

describe('sorting a batch', () => {
  it('keeps valid events in order, counts a repeated eventId once and refuses the rest with their position', () => {
    const raw = [
      event('a'),
      event('b', { name: 'level_up' }),
      event('a', { name: 'login' }),
      event('c', { name: 'never_defined' }),
      { eventId: 'd' },
      event('e', { deviceId: 'dev-test' }),
    ];
    const sorted = sortBatch(raw, NOW.getTime(), context(['level_up'], ['dev-test']), 'en-US');
    expect(sorted.valid.map((e) => [e.eventId, e.name, e.category, e.testDevice])).toEqual([
      ['a', 'open', 'standard', false],
      ['b', 'level_up', 'custom', false],
      ['e', 'open', 'standard', true],
    ]);
    expect(sorted.repeated).toBe(1);
    expect(sorted.rejected.map((r) => [r.index, r.eventId, r.reason])).toEqual([
      [3, 'c', 'sdk.unknownEvent'],
      [4, 'd', 'sdk.eventInvalid'],
    ]);
    expect(sorted.rejected[1].errors?.length).toBeGreaterThan(0);
    expect(sorted.refusals).toEqual([
      { reason: 'sdk.unknownEvent', name: 'never_defined', paths: undefined },
      { reason: 'sdk.eventInvalid', name: null, paths: sorted.rejected[1].errors?.map((e) => e.path || '/') },
    ]);
  });

  it("says why in the caller's language and cuts a long eventId to 64 characters", () => {
    const long = 'i'.repeat(80);
    const raw = [event('old', { time: '2025-01-01T00:00:00.000Z' }), event(long)];
    const english = sortBatch(raw, NOW.getTime(), context(), 'en-US').rejected;
    const chinese = sortBatch(raw, NOW.getTime(), context(), 'zh-CN').rejected;
    expect(english.map((r) => [r.eventId, r.reason])).toEqual([
      ['old', 'sdk.eventTooOld'],
      [long.slice(0, 64), 'sdk.eventInvalid'],
    ]);
    expect(english[0].message).toMatch(/^[\x20-\x7e]+$/);
    expect(chinese[0].message).toMatch(/[\u4e00-\u9fff]/);
    expect(english[1].errors?.map((e) => e.path)).toEqual(['/eventId']);
  });
});
