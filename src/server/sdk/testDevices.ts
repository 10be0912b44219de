import type { Kysely } from 'kysely';
import { AppError, errorMessage } from '../errors';
import { randomId } from '../db/randomId';
import { isUniqueViolation } from '../db/isUniqueViolation';
import type { Database } from '../db/tables';
import { containsText, pageWindow } from '../links/listQuery';
import type { TestDevicesTable } from './sdkTables';

/** A test device as the console sees it: its name, device id and what the SDK last told of it. */
export interface TestDeviceView {
  id: string;
  name: string;
  deviceId: string;
  lastSeenAt: string | null;
  platform: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the console sends for a test device (trimmed before it is stored). */
export interface TestDeviceInput {
  name: string;
  deviceId: string;
}

const taken = () =>
  new AppError('testDeviceTaken', {
    errors: (lang) => [{ path: '/deviceId', message: errorMessage('testDeviceTaken', lang) }],
  });

/** The views of stored test devices, with the last event time and platform of each device. */
async function testDeviceViews(
  db: Kysely<Database>,
  projectId: string,
  rows: TestDevicesTable[],
): Promise<TestDeviceView[]> {
  const seen =
    rows.length === 0
      ? []
      : await db
          .selectFrom('sdk_devices')
          .select(['device_id', 'last_time', 'platform'])
          .where('project_id', '=', projectId)
          .where(
            'device_id',
            'in',
            rows.map((r) => r.device_id),
          )
          .execute();
  const byId = new Map(seen.map((s) => [s.device_id, s]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    deviceId: r.device_id,
    lastSeenAt: byId.get(r.device_id)?.last_time ?? null,
    platform: byId.get(r.device_id)?.platform ?? null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

/** One test device of the project, or 404. */
async function findTestDevice(db: Kysely<Database>, projectId: string, id: string) {
  const row = await db
    .selectFrom('test_devices')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('notFound');
  return row;
}

/** A page of the project's test devices, newest first, filtered by `q` in the name or device id. */
export async function listTestDevices(
  db: Kysely<Database>,
  projectId: string,
  filter: { q?: string; page?: number; pageSize?: number },
): Promise<{ items: TestDeviceView[]; total: number }> {
  let query = db.selectFrom('test_devices').where('project_id', '=', projectId);
  const q = filter.q?.trim();
  if (q) query = query.where((eb) => eb.or([containsText('name', q), containsText('device_id', q)]));
  const { limit, offset } = pageWindow(filter);
  const [rows, total] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await testDeviceViews(db, projectId, rows), total: Number(total.n) };
}

/** Adds a test device; a device id the project already has is 409 `testDeviceTaken`. */
export async function addTestDevice(
  db: Kysely<Database>,
  projectId: string,
  input: TestDeviceInput,
  now: Date,
): Promise<TestDeviceView> {
  const time = now.toISOString();
  const row = {
    id: randomId(),
    project_id: projectId,
    name: input.name.trim(),
    device_id: input.deviceId.trim(),
    created_at: time,
    updated_at: time,
  };
  try {
    await db.insertInto('test_devices').values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return (await testDeviceViews(db, projectId, [row]))[0];
}

/** Renames or re-points a test device (404 if the project has none with this id). */
export async function updateTestDevice(
  db: Kysely<Database>,
  projectId: string,
  id: string,
  input: TestDeviceInput,
  now: Date,
): Promise<TestDeviceView> {
  await findTestDevice(db, projectId, id);
  try {
    await db
      .updateTable('test_devices')
      .set({ name: input.name.trim(), device_id: input.deviceId.trim(), updated_at: now.toISOString() })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return (await testDeviceViews(db, projectId, [await findTestDevice(db, projectId, id)]))[0];
}

/** Removes a test device (404 if the project has none with this id). */
export async function removeTestDevice(db: Kysely<Database>, projectId: string, id: string): Promise<void> {
  await findTestDevice(db, projectId, id);
  await db.deleteFrom('test_devices').where('project_id', '=', projectId).where('id', '=', id).execute();
}
