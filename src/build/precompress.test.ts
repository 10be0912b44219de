import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from './precompress';

describe('precompressDir', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const text = (bytes: number) =>
    'const value = "growth console";\n'.repeat(Math.ceil(bytes / 32)).slice(0, bytes);

  it('writes .br and .gz beside text files of at least 1 KB that decompress to the file', async () => {
    const js = text(20_000);
    const css = text(PRECOMPRESS_MIN_BYTES);
    writeFileSync(join(dir, 'index.html'), text(4000));
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), js);
    writeFileSync(join(dir, 'assets', 'app-abc123.css'), css);
    const result = await precompressDir(dir);
    expect(result.compressed).toEqual(['assets/app-abc123.css', 'assets/app-abc123.js', 'index.html']);
    const br = readFileSync(join(dir, 'assets', 'app-abc123.js.br'));
    const gz = readFileSync(join(dir, 'assets', 'app-abc123.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(gunzipSync(gz).toString()).toBe(js);
    expect(br.length).toBeLessThan(gz.length);
    expect(result.bytes).toBe(js.length + css.length + 4000);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dir, 'assets', 'app-abc123.css.gz'))).toBe(true);
  });

  it('leaves small files, compressed formats, dot folders and incompressible data alone', async () => {
    writeFileSync(join(dir, 'assets', 'tiny-abc.js'), text(PRECOMPRESS_MIN_BYTES - 1));
    for (const name of ['logo.png', 'photo.jpg', 'font.woff2', 'font.woff', 'clip.mp4'])
      writeFileSync(join(dir, 'assets', name), text(8000));
    writeFileSync(join(dir, '.vite', 'manifest.json'), text(8000));
    // Random bytes do not shrink: no variant is written, the server sends the file itself.
    writeFileSync(join(dir, 'assets', 'noise-abc.js'), randomBytes(8000));
    const result = await precompressDir(dir);
    expect(result.compressed).toEqual([]);
    for (const name of [
      'tiny-abc.js',
      'logo.png',
      'photo.jpg',
      'font.woff2',
      'font.woff',
      'clip.mp4',
      'noise-abc.js',
    ])
      for (const suffix of ['.br', '.gz'])
        expect(existsSync(join(dir, 'assets', name + suffix)), name + suffix).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
  });

  it('does not compress its own output again on a second run', async () => {
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), text(20_000));
    await precompressDir(dir);
    const again = await precompressDir(dir);
    expect(again.compressed).toEqual(['assets/app-abc123.js']);
    expect(existsSync(join(dir, 'assets', 'app-abc123.js.br.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'app-abc123.js.gz.gz'))).toBe(false);
  });
});
