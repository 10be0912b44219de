import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { countRows, type Envelope, type ErrorData } from './helpers/api';
import { addMember, createProject, signUpOwner, type SignedIn } from './helpers/accounts';

/** A valid PNG header (signature + IHDR) of the given size, padded to `bytes`. */
function png(width: number, height: number, bytes = 64): Buffer {
  const b = Buffer.alloc(Math.max(bytes, 33));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

function multipart(fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----growthTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('uploads: checked by content, stored under DATA_DIR, served back', () => {
  let t: TestApp;
  let owner: SignedIn;
  let viewer: SignedIn;
  let projectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpOwner(t.app, 'uploads@example.com');
    projectId = await createProject(t.app, owner, 'Uploads', 'uploads');
    viewer = await addMember(t.app, owner, 'viewer@example.com', 'viewer', [
      { projectId, permission: 'view' },
    ]);
  });
  afterAll(async () => t.close());

  async function upload(query: string, fileName: string, content: Buffer, by = owner, type?: string) {
    const body = multipart(fileName, content, type);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/uploads?${query}`,
      headers: {
        authorization: `Bearer ${by.token}`,
        'x-project-id': projectId,
        'x-lang': 'en',
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
    return {
      status: response.statusCode,
      body: response.json() as Envelope<Record<string, unknown> & ErrorData>,
    };
  }

  it('stores a good png, answers its size, and serves it back with a long cache', async () => {
    const content = png(750, 1334, 2048);
    const answer = await upload('kind=image', 'landing.png', content);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ width: 750, height: 1334, size: 2048, mime: 'image/png' });
    const url = String(answer.body.data.url);
    expect(url).toMatch(new RegExp(`^/uploads/${projectId}/[A-Za-z0-9_-]{22}\\.png$`));
    expect(existsSync(join(t.app.ctx.dataDir, url))).toBe(true);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(content)).toBe(true);
  });

  it('refuses oversized files, wrong magic bytes and kinds the field does not allow; stores nothing', async () => {
    const before = await countRows(t.app);
    const files = () =>
      existsSync(join(t.app.ctx.dataDir, 'uploads', projectId))
        ? readdirSync(join(t.app.ctx.dataDir, 'uploads', projectId))
        : [];
    const stored = files().length;

    const big = await upload('kind=image', 'big.png', png(10, 10, 2 * 1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({
      code: 413,
      msg: 'The file is too large (at most 2 MB)',
      data: { error: 'upload.tooLarge' },
    });

    const fake = await upload(
      'kind=image',
      'photo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      owner,
      'image/png',
    );
    expect(fake.status).toBe(415);
    expect(fake.body).toMatchObject({
      msg: 'Unsupported file type, allowed: jpg, png',
      data: { error: 'upload.badType', errors: [{ path: '/file' }] },
    });

    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([10, 0, 10, 0]),
      Buffer.alloc(20),
    ]);
    expect((await upload('kind=image', 'anim.gif', gif)).status).toBe(415);
    const asVideo = await upload('kind=video', 'clip.mp4', png(10, 10));
    expect(asVideo.status).toBe(415);
    const brokenPng = await upload(
      'kind=image',
      'broken.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
    );
    expect(brokenPng.status).toBe(415);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?kind=image',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'x-project-id': projectId,
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    const noKind = await upload('', 'x.png', png(1, 1));
    expect(noKind.status).toBe(400);
    expect(await countRows(t.app)).toEqual(before);
    expect(files().length).toBe(stored);

    // A viewer may not upload.
    expect((await upload('kind=image', 'x.png', png(1, 1), viewer)).status).toBe(403);
  });

  it('accepts gif where the field allows it, and video and audio by content', async () => {
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([0x58, 0x02, 0x3b, 0x01]),
      Buffer.alloc(20),
    ]);
    const answer = await upload('kind=image&gif=1', 'share.gif', gif);
    expect(answer.body.data).toMatchObject({ mime: 'image/gif', width: 600, height: 315 });
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.alloc(64),
    ]);
    expect((await upload('kind=video', 'clip.bin', mp4)).body.data).toMatchObject({ mime: 'video/mp4' });
    const mp3 = Buffer.concat([Buffer.from('ID3\x04\x00', 'latin1'), Buffer.alloc(64)]);
    const audio = await upload('kind=audio', 'song', mp3);
    expect(audio.body.data).toMatchObject({ mime: 'audio/mpeg' });
    expect(audio.body.data.width).toBeUndefined();
  });

  it('serves nothing outside the generated names (no path traversal)', async () => {
    for (const url of [
      `/uploads/${projectId}/..%2F..%2Ftest.db`,
      '/uploads/..%2F..%2F/etc%2Fpasswd',
      `/uploads/${projectId}/%2e%2e%2fsecret.png`,
      `/uploads/${projectId}/AAAAAAAAAAAAAAAAAAAAAA.png`,
      '/uploads/../../package.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
