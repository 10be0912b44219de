// Starting the product for the HTTP benchmarks: a real server process on its own database.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** How a child ended, for an error message: its exit code or the signal that ended it. */
export function exitOf(child: ChildProcess): string {
  if (child.signalCode !== null) return ` (the server was ended by ${child.signalCode})`;
  if (child.exitCode !== null) return ` (the server exited with code ${child.exitCode})`;
  return '';
}

/** Waits until `url` answers (the server listens), or fails when the child exits or 60 s pass. */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await fetch(url, { method: 'GET' });
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server at ${url} did not start${exitOf(child)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The product server (src/server/main.ts) on `databaseUrl`, port `port`, data in `dir`, as in
 * production (no scheduler unless `env` sets SCHEDULER_INTERVAL_MS). Node itself runs it (tsx as a
 * loader), so the child's pid is the server's own. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
 * profiles it.
 */
export function startProduct(
  databaseUrl: string,
  dir: string,
  port: number,
  env: Record<string, string> = {},
  /** The script that starts it (a bench may wrap the server to observe it). */
  entry = 'src/server/main.ts',
): ChildProcess {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SCHEDULER_INTERVAL_MS: '0',
      DATA_DIR: dir,
      WEB_DIR: join(dir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Its output goes to the bench's; an end the bench did not ask for is said there too (a
  // signal such as SIGKILL from the kernel's out-of-memory killer leaves no output of its own).
  child.once('exit', (code, signal) => {
    if (!child.killed)
      console.error(`product server (pid ${child.pid}) ended on its own: code ${code}, signal ${signal}`);
  });
  return child;
}
