// Browser tests: installs chromium if needed, builds the console, starts the real server on a
// free port over a throwaway SQLite database, then runs the vitest 'e2e' project against it.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

const chromium = ensureChromium();

if (!process.env.E2E_SKIP_BUILD) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dir = mkdtempSync(join(tmpdir(), 'gc-e2e-'));
// The server reads a copy of schemas/ and watches it, so a test can add a gameplay folder.
const schemasDir = join(dir, 'schemas');
cpSync(join(root, 'schemas'), schemasDir, { recursive: true });
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn('npx', ['tsx', 'src/server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}`,
    DATA_DIR: dir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    SCHEMAS_DIR: schemasDir,
    SCHEMAS_WATCH: '1',
    // POST /api/test/clock moves this server's clock forward (src/server/testClock.ts).
    TEST_CLOCK: '1',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

let code = 1;
try {
  await waitForHealth(baseUrl, server);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromium, E2E_SCHEMAS_DIR: schemasDir },
  });
  code = run.status ?? 1;
} catch (err) {
  console.error(`[e2e] ${err.message}`);
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
