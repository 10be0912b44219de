#!/usr/bin/env node
// npm start: builds the console when dist/ is missing or older than its sources (the build also
// writes the .br/.gz files the server sends, see src/build/precompress.ts), then runs the
// server (tsx src/server/main.ts), which migrates the database on start. SQLite lives in ./data.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

// Newest modification time under a path (files only), 0 when it does not exist.
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

function consoleIsStale() {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  // A build from before the web SDK (src/sdk/web, built beside the console) has no dist/sdk.
  if (!existsSync(join(root, 'dist', 'sdk', 'v1', 'gc.js'))) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = [
    'src/web',
    'src/sdk',
    'src/engine',
    'src/build',
    'locales',
    'schemas',
    'index.html',
    'public',
    'vite.config.ts',
  ];
  if (sources.some((source) => newest(join(root, source)) > builtAt)) return true;
  // A build from before the console was precompressed (src/build/precompress.ts) has no .br files.
  const assets = join(root, 'dist', 'assets');
  return !existsSync(assets) || !readdirSync(assets).some((file) => file.endsWith('.br'));
}

if (process.env.SKIP_BUILD !== '1' && consoleIsStale()) {
  console.log('Building the console (vite build)...');
  const build = spawnSync(bin('vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(
      'The console build failed; the API will still start, the console page says it is not built.',
    );
  }
}

const dataDir = process.env.DATA_DIR ?? join(root, 'data');
mkdirSync(dataDir, { recursive: true });

const server = spawn(bin('tsx'), ['src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
