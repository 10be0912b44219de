import { mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusal, testDb, TEST_TIME, type TestDb } from '../db/testDb';
import { UPLOAD_LIMITS } from './uploadRules';
import { storeUpload, uploadFile, type NewUpload } from './uploadsService';

const png = (w: number, h: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
};
const gif = Buffer.from('GIF89a\x58\x02\x3b\x01', 'latin1');
const mp3 = Buffer.from('ID3\x04\x00', 'latin1');

describe('uploadsService', () => {
  let t: TestDb;
  let root: string;
  const upload = (over: Partial<NewUpload> = {}): NewUpload => ({
    ...{ projectId: t.projectId, userId: t.userId, kind: 'image', gif: false },
    ...{ bytes: png(750, 1334), fileName: 'banner.png', truncated: false },
    ...over,
  });

  beforeEach(async () => {
    t = await testDb();
    root = mkdtempSync(join(tmpdir(), 'growth-uploads-'));
  });
  afterEach(async () => {
    await t.db.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  it('stores a file under a generated name with its row, and serves it back', async () => {
    const stored = await storeUpload(t.db, root, upload(), TEST_TIME);
    expect(stored).toMatchObject({ width: 750, height: 1334, size: 33, mime: 'image/png' });
    const [, dir, project, file] = stored.url.split('/');
    expect([dir, project]).toEqual(['uploads', t.projectId]);
    expect(file).toMatch(/^[A-Za-z0-9_-]{22}\.png$/);
    expect(readFileSync(join(root, t.projectId, file))).toEqual(png(750, 1334));
    const row = await t.db.selectFrom('uploads').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      ...{
        id: stored.id,
        project_id: t.projectId,
        kind: 'image',
        file_name: file,
        original_name: 'banner.png',
      },
      ...{ created_by: t.userId, created_at: TEST_TIME.toISOString() },
    });
    expect(await uploadFile(t.db, root, t.projectId, file)).toEqual({
      path: join(root, t.projectId, file),
      mime: 'image/png',
      size: 33,
    });
    const audio = await storeUpload(
      t.db,
      root,
      upload({ kind: 'audio', bytes: mp3, fileName: undefined }),
      TEST_TIME,
    );
    expect(audio).not.toHaveProperty('width');
    expect(
      await t.db.selectFrom('uploads').select('original_name').where('id', '=', audio.id).executeTakeFirst(),
    ).toEqual({
      original_name: null,
    });
  });

  it('refuses control characters in the name, too large, empty and wrong content, storing nothing', async () => {
    const refused = async (over: Partial<NewUpload>) =>
      refusal(() => storeUpload(t.db, root, upload(over), TEST_TIME));
    expect(await refused({ fileName: 'a\u0000.png' })).toMatchObject({ key: 'validation', paths: ['/file'] });
    expect(await refused({ truncated: true })).toEqual({ key: 'upload.tooLarge', paths: ['/file'] });
    const over = Buffer.concat([png(1, 1), Buffer.alloc(UPLOAD_LIMITS.image.bytes)]);
    expect(await refused({ bytes: over })).toEqual({ key: 'upload.tooLarge', paths: ['/file'] });
    expect(await refused({ bytes: Buffer.alloc(0) })).toMatchObject({ key: 'upload.noFile' });
    expect(await refused({ bytes: gif })).toEqual({ key: 'upload.badType', paths: ['/file'] });
    expect(await refused({ bytes: mp3 })).toEqual({ key: 'upload.badType', paths: ['/file'] });
    expect(await refused({ bytes: Buffer.from('<svg/>') })).toEqual({
      key: 'upload.badType',
      paths: ['/file'],
    });
    expect(await t.db.selectFrom('uploads').selectAll().execute()).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
    expect(await storeUpload(t.db, root, upload({ bytes: gif, gif: true }), TEST_TIME)).toMatchObject({
      mime: 'image/gif',
      width: 600,
    });
  });

  it('serves only generated names of stored rows whose file exists', async () => {
    const stored = await storeUpload(t.db, root, upload(), TEST_TIME);
    const file = stored.url.split('/')[3];
    const missing = (project: string, name: string) => refusal(() => uploadFile(t.db, root, project, name));
    expect(await missing(t.projectId, '../../etc/passwd')).toMatchObject({ key: 'notFound' });
    expect(await missing('p2', file)).toMatchObject({ key: 'notFound' });
    expect(await missing(t.projectId, `${'A'.repeat(22)}.png`)).toMatchObject({ key: 'notFound' });
    unlinkSync(join(root, t.projectId, file));
    expect(await missing(t.projectId, file)).toMatchObject({ key: 'notFound' });
  });
});
