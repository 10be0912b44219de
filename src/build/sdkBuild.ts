import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { create as createTar } from 'tar';
import { build, type LibraryFormats, type Plugin, type ResolvedConfig } from 'vite';
import { SDK_PACKAGE, SDK_TARBALL, SDK_VERSION } from '../sdk/web/version';

/** One file of the SDK's build, relative to the output folder. */
export interface SdkFile {
  fileName: string;
  source: string | Uint8Array;
}

const BUNDLES: Array<{ file: string; entry: string; format: LibraryFormats }> = [
  // Script tag: events, attribution and Turbo Script.
  { file: 'gc.js', entry: 'src/sdk/web/entries/gc.ts', format: 'iife' },
  // Script tag: the same + Turbo Banner.
  { file: 'gc-banner.js', entry: 'src/sdk/web/entries/gcBanner.ts', format: 'iife' },
  // ES module: every export.
  { file: 'gc.mjs', entry: 'src/sdk/web/index.ts', format: 'es' },
];

async function bundle(root: string, entry: string, format: LibraryFormats): Promise<string> {
  const result = await build({
    configFile: false,
    envDir: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      sourcemap: false,
      target: 'es2019',
      minify: true,
      lib: { entry: join(root, entry), name: 'GrowthConsole', formats: [format], fileName: () => 'sdk.js' },
      // Vite keeps an ES library's whitespace for the consumer's bundler; this one is served as is.
      rolldownOptions: { output: { minify: true, generatedCode: { symbols: false } } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const first = outputs[0];
  if (!first || !('output' in first)) throw new Error(`the SDK build of ${entry} produced no bundle`);
  const chunks = first.output.filter((item) => item.type === 'chunk');
  if (chunks.length !== 1)
    throw new Error(`the SDK build of ${entry} produced ${chunks.length} chunks, not 1`);
  // ASCII only (non-ASCII as \u escapes, valid in strings, regexps and names alike): a script
  // tag on a page in another encoding (GBK, Shift_JIS) reads it right even without a charset.
  return chunks[0].code.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The time `npm pack` gives every entry (1985-10-26T08:15:00Z). */
const NPM_MTIME = new Date('1985-10-26T08:15:00Z');

/**
 * A gzipped tar of `files` as `npm pack` writes it (portable: no owners; fixed times, so the
 * same files give the same tarball), made by the `tar` package npm itself uses.
 */
export function tarball(files: Array<{ name: string; data: Buffer }>): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'gc-sdk-pack-'));
  try {
    for (const { name, data } of files) {
      mkdirSync(dirname(join(dir, name)), { recursive: true });
      writeFileSync(join(dir, name), data);
    }
    const archive = join(dir, 'package.tgz');
    createTar(
      {
        gzip: { level: constants.Z_BEST_COMPRESSION },
        cwd: dir,
        portable: true,
        noMtime: false,
        mtime: NPM_MTIME,
        sync: true,
        file: archive,
      },
      files.map((file) => file.name),
    );
    return readFileSync(archive);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Builds the web SDK (Vite library mode): `sdk/v1/gc.js`, `gc-banner.js`, `gc.mjs`, `gc.d.ts`
 * (with its .br/.gz: the precompress step skips .ts files) and the npm tarball, and
 * `sdk/version.json`. The .js/.mjs files get their .br/.gz from the precompress plugin.
 */
export async function buildSdk(root: string): Promise<SdkFile[]> {
  const codes = await Promise.all(BUNDLES.map(({ entry, format }) => bundle(root, entry, format)));
  const types = readFileSync(join(root, 'src/sdk/web/publicApi.d.ts'));
  const esm = Buffer.from(codes[BUNDLES.findIndex((b) => b.file === 'gc.mjs')]);
  const pkg = {
    name: SDK_PACKAGE,
    version: SDK_VERSION,
    description: 'Growth Console web SDK: events, web attribution, Turbo Banner and Turbo Script',
    type: 'module',
    main: './gc.mjs',
    module: './gc.mjs',
    types: './gc.d.ts',
    exports: { '.': { types: './gc.d.ts', default: './gc.mjs' } },
    sideEffects: false,
  };
  const files: SdkFile[] = BUNDLES.map(({ file }, i) => ({ fileName: `sdk/v1/${file}`, source: codes[i] }));
  files.push(
    { fileName: 'sdk/v1/gc.d.ts', source: types },
    {
      fileName: 'sdk/v1/gc.d.ts.br',
      source: brotliCompressSync(types, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    },
    { fileName: 'sdk/v1/gc.d.ts.gz', source: gzipSync(types, { level: constants.Z_BEST_COMPRESSION }) },
    {
      fileName: `sdk/v1/${SDK_TARBALL}`,
      source: tarball([
        { name: 'package/package.json', data: Buffer.from(`${JSON.stringify(pkg, null, 2)}\n`) },
        { name: 'package/gc.mjs', data: esm },
        { name: 'package/gc.d.ts', data: types },
      ]),
    },
    { fileName: 'sdk/version.json', source: JSON.stringify({ version: SDK_VERSION }) },
  );
  return files;
}

/**
 * Vite plugin: a console build (`vite build`) also builds the web SDK into `{outDir}/sdk/`
 * (see buildSdk). It starts with the console's build and its files join the console's output,
 * so the precompress plugin compresses them with the rest.
 */
export function sdkBuild(): Plugin {
  let config: ResolvedConfig;
  let pending: Promise<SdkFile[]> | undefined;
  return {
    name: 'growth-console:sdk',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      pending = buildSdk(config.root);
      // Awaited in generateBundle; a failure there fails the build.
      pending.catch(() => undefined);
    },
    async generateBundle() {
      const files = await (pending ?? buildSdk(config.root));
      for (const { fileName, source } of files) this.emitFile({ type: 'asset', fileName, source });
      const gz = (name: string) => {
        const file = files.find((f) => f.fileName === `sdk/v1/${name}`);
        return file ? (gzipSync(file.source, { level: 9 }).length / 1024).toFixed(1) : '?';
      };
      config.logger.info(
        `web SDK ${SDK_VERSION}: gc.js ${gz('gc.js')} KB gz, gc-banner.js ${gz('gc-banner.js')} KB gz, gc.mjs ${gz('gc.mjs')} KB gz`,
      );
    },
  };
}
