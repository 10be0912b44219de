import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSdk, tarball, type SdkFile } from './sdkBuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hasTar = spawnSync('tar', ['--version']).status === 0;

describe('tarball', () => {
  const files = [
    { name: 'package/package.json', data: Buffer.from('{"name":"x","version":"1.0.0"}\n') },
    { name: 'package/gc.mjs', data: Buffer.from('export const a = 1;\n'.repeat(100)) },
  ];

  it('is a reproducible ustar archive in 512-byte blocks', () => {
    const tar = gunzipSync(tarball(files));
    expect(tar.length % 512).toBe(0);
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
    expect(tarball(files).equals(tarball(files))).toBe(true);
  });

  it.skipIf(!hasTar)('extracts with tar to the same files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sdk-tarball-'));
    try {
      const archive = join(dir, 'a.tgz');
      spawnSync('sh', ['-c', `cat > ${archive}`], { input: tarball(files) });
      const listed = spawnSync('tar', ['-tvzf', archive], { encoding: 'utf8' });
      expect(listed.status).toBe(0);
      expect(listed.stdout).toContain('1985-10-26');
      expect(spawnSync('tar', ['-xzf', archive, '-C', dir]).status).toBe(0);
      for (const file of files) expect(readFileSync(join(dir, file.name)).equals(file.data)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('buildSdk', () => {
  let files: SdkFile[];
  const text = (name: string) => {
    const file = files.find((f) => f.fileName === name);
    if (!file) throw new Error(`${name} not built`);
    return Buffer.from(file.source).toString('utf8');
  };
  const gzKb = (name: string) => gzipSync(text(name), { level: 9 }).length / 1024;

  beforeAll(async () => {
    files = await buildSdk(root);
  }, 300_000);

  it('writes the script-tag builds, the module, its types, the tarball and the version', () => {
    expect(files.map((f) => f.fileName).sort()).toEqual([
      'sdk/v1/gc-banner.js',
      'sdk/v1/gc.d.ts',
      'sdk/v1/gc.d.ts.br',
      'sdk/v1/gc.d.ts.gz',
      'sdk/v1/gc.js',
      'sdk/v1/gc.mjs',
      'sdk/v1/growth-console-web-1.0.0.tgz',
      'sdk/version.json',
    ]);
    expect(JSON.parse(text('sdk/version.json'))).toEqual({ version: '1.0.0' });
    expect(text('sdk/v1/gc.d.ts')).toBe(readFileSync(join(root, 'src/sdk/web/publicApi.d.ts'), 'utf8'));
  });

  it('stays within the size goals (gzip -9): gc.js <= 5 KB, gc-banner.js <= 6 KB', () => {
    expect(gzKb('sdk/v1/gc.js')).toBeLessThanOrEqual(5);
    expect(gzKb('sdk/v1/gc-banner.js')).toBeLessThanOrEqual(6);
  });

  it('is minified ASCII without source maps; gc.js leaves the banner out', () => {
    for (const name of ['sdk/v1/gc.js', 'sdk/v1/gc-banner.js', 'sdk/v1/gc.mjs']) {
      expect(text(name)).toMatch(/^[\x20-\x7e\n]*$/);
      expect(text(name)).not.toContain('sourceMappingURL');
      expect(text(name).split('\n').length).toBeLessThanOrEqual(3);
    }
    expect(text('sdk/v1/gc.js')).not.toContain('attachShadow');
    expect(text('sdk/v1/gc-banner.js')).toContain('attachShadow');
  });

  it('gc.js defines the GrowthConsole global and does nothing without data-key', () => {
    const context: Record<string, unknown> = { document: { currentScript: null } };
    context.window = context;
    runInNewContext(text('sdk/v1/gc.js'), context);
    const api = context.GrowthConsole as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([
      'SDK_VERSION',
      'flush',
      'getAttribution',
      'init',
      'rewriteLinks',
      'setUserId',
      'track',
    ]);
    expect(api.SDK_VERSION).toBe('1.0.0');
    const banner: Record<string, unknown> = { document: { currentScript: null } };
    banner.window = banner;
    runInNewContext(text('sdk/v1/gc-banner.js'), banner);
    expect(Object.keys(banner.GrowthConsole as object)).toContain('showBanner');
  });

  it('gc.mjs is an ES module with every export', () => {
    const exported = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(text('sdk/v1/gc.mjs'))?.[1] ?? '';
    const names = exported.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    );
    expect(names.sort()).toEqual([
      'BANNER_HEIGHT',
      'SDK_VERSION',
      'flush',
      'getAttribution',
      'init',
      'renderBanner',
      'rewriteLinks',
      'setUserId',
      'showBanner',
      'track',
    ]);
  });

  it.skipIf(!hasTar)('the tarball holds package.json, gc.mjs and gc.d.ts', () => {
    const file = files.find((f) => f.fileName.endsWith('.tgz'))!;
    const listed = spawnSync('tar', ['-tzf', '-'], { input: Buffer.from(file.source), encoding: 'utf8' });
    expect(listed.stdout.trim().split('\n')).toEqual([
      'package/package.json',
      'package/gc.mjs',
      'package/gc.d.ts',
    ]);
  });
});
