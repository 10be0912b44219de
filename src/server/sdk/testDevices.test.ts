import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import type { Database } from '../db/tables';
import { projectTestDb } from '../db/projectTestDb';
import { addTestDevice, listTestDevices, removeTestDevice, updateTestDevice } from './testDevices';

const T1 = new Date('2026-03-02T08:00:00.000Z');
const T2 = new Date('2026-03-03T09:00:00.000Z');

describe('test devices', () => {
  let db: Kysely<Database>;
  beforeEach(async () => {
    db = await projectTestDb();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const errorCode = (promise: Promise<unknown>) =>
    promise.then(
      () => 'none',
      (error: unknown) => (error instanceof AppError ? error.key : String(error)),
    );

  it('stores trimmed names and ids and shows what the SDK last reported for the device', async () => {
    await db
      .insertInto('sdk_devices')
      .values({
        project_id: 'p1',
        device_id: 'dev-1',
        first_day: 1,
        prev_first_day: null,
        last_day: 2,
        last_time: '2026-03-02T07:59:00.000Z',
        platform: 'ios',
        os: null,
        app_version: null,
        sdk_version: null,
        country: null,
        language: null,
        user_id: null,
      })
      .execute();
    const seen = await addTestDevice(db, 'p1', { name: ' Phone ', deviceId: ' dev-1 ' }, T1);
    expect(seen).toMatchObject({
      name: 'Phone',
      deviceId: 'dev-1',
      lastSeenAt: '2026-03-02T07:59:00.000Z',
      platform: 'ios',
      createdAt: T1.toISOString(),
      updatedAt: T1.toISOString(),
    });
    const unseen = await addTestDevice(db, 'p1', { name: 'Tablet', deviceId: 'dev-2' }, T2);
    expect(unseen).toMatchObject({ lastSeenAt: null, platform: null });
  });

  it('lists newest first, filters by name or device id, counts the whole list', async () => {
    await addTestDevice(db, 'p1', { name: 'Phone', deviceId: 'aaa' }, T1);
    await addTestDevice(db, 'p1', { name: 'Tablet', deviceId: 'b_b%' }, T2);
    const all = await listTestDevices(db, 'p1', {});
    expect(all.items.map((d) => d.name)).toEqual(['Tablet', 'Phone']);
    expect(all.total).toBe(2);
    expect((await listTestDevices(db, 'p1', { q: 'PHO' })).items.map((d) => d.name)).toEqual(['Phone']);
    // % and _ are taken literally.
    expect((await listTestDevices(db, 'p1', { q: '_b%' })).items.map((d) => d.name)).toEqual(['Tablet']);
    expect((await listTestDevices(db, 'p1', { q: '%' })).items.map((d) => d.name)).toEqual(['Tablet']);
    const second = await listTestDevices(db, 'p1', { page: 2, pageSize: 1 });
    expect(second).toMatchObject({ total: 2, items: [{ name: 'Phone' }] });
  });

  it('refuses a device id the project already has, on add and on update', async () => {
    const first = await addTestDevice(db, 'p1', { name: 'One', deviceId: 'dev-1' }, T1);
    await addTestDevice(db, 'p1', { name: 'Two', deviceId: 'dev-2' }, T1);
    expect(await errorCode(addTestDevice(db, 'p1', { name: 'Again', deviceId: 'dev-1' }, T2))).toBe(
      'testDeviceTaken',
    );
    expect(
      await errorCode(updateTestDevice(db, 'p1', first.id, { name: 'One', deviceId: 'dev-2' }, T2)),
    ).toBe('testDeviceTaken');
  });

  it('updates and removes only a device of the project', async () => {
    const device = await addTestDevice(db, 'p1', { name: 'One', deviceId: 'dev-1' }, T1);
    const updated = await updateTestDevice(db, 'p1', device.id, { name: ' Renamed ', deviceId: 'dev-9' }, T2);
    expect(updated).toMatchObject({
      id: device.id,
      name: 'Renamed',
      deviceId: 'dev-9',
      createdAt: T1.toISOString(),
      updatedAt: T2.toISOString(),
    });
    expect(await errorCode(updateTestDevice(db, 'p2', device.id, { name: 'X', deviceId: 'x' }, T2))).toBe(
      'notFound',
    );
    expect(await errorCode(removeTestDevice(db, 'p2', device.id))).toBe('notFound');
    await removeTestDevice(db, 'p1', device.id);
    expect((await listTestDevices(db, 'p1', {})).total).toBe(0);
    expect(await errorCode(removeTestDevice(db, 'p1', device.id))).toBe('notFound');
  });
});
