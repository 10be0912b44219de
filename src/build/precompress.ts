import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files below this size are sent as they are: compressing them saves less than a packet. */
export const PRECOMPRESS_MIN_BYTES = 1024;

// Text formats only: images, fonts (woff/woff2), media and archives are compressed already, and
// compressing them again costs CPU for nothing.
const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html|svg|json|map|txt|xml|wasm|ico|ttf|otf)$/i;

export interface PrecompressResult {
  /** Files that got .br and .gz siblings (paths relative to the folder). */
  compressed: string[];
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

async function* filesUnder(dir: string, relative = ''): AsyncGenerator<string> {
  for (const entry of await readdir(join(dir, relative), { withFileTypes: true })) {
    // Dot folders (Vite's .vite manifest) are never served.
    if (entry.name.startsWith('.')) continue;
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* filesUnder(dir, path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible
 * file of `dir` of at least PRECOMPRESS_MIN_BYTES, so the server sends them without compressing
 * per request. A variant that would not be smaller than the file is not written (the server
 * then sends the file itself).
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { compressed: [], bytes: 0, brBytes: 0, gzBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const path = join(dir, file);
    if ((await stat(path)).size < PRECOMPRESS_MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const source = await readFile(path);
        // zlib runs on libuv's thread pool, so the files compress in parallel.
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        const writes: Promise<void>[] = [];
        if (br.length < source.length) writes.push(writeFile(`${path}.br`, br));
        if (gz.length < source.length) writes.push(writeFile(`${path}.gz`, gz));
        await Promise.all(writes);
        if (writes.length === 0) return;
        result.compressed.push(file);
        result.bytes += source.length;
        result.brBytes += br.length;
        result.gzBytes += gz.length;
      })(),
    );
  }
  await Promise.all(jobs);
  result.compressed.sort();
  return result;
}

/**
 * Vite build plugin: once the bundle is written, precompresses the output folder (see
 * precompressDir); src/server/plugins/staticConsole.ts serves the variants.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let logger: ResolvedConfig['logger'] | undefined;
  return {
    name: 'growth-console:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle() {
      const started = Date.now();
      const done = await precompressDir(outDir);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      logger?.info(
        `precompressed ${done.compressed.length} files, ${kb(done.bytes)} -> ${kb(done.brBytes)} br, ${kb(done.gzBytes)} gz (${Date.now() - started} ms)`,
      );
    },
  };
}
