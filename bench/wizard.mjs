// npm run bench:wizard: keystroke-to-next-paint in the wizard's prize step (lucky wheel, 20 prizes
// x 10 languages) in Chromium, for the console's Wizard and for plain @rjsf/antd with
// liveValidate on the same schema, in the same run. The last line is JSON:
// {"p50_ms", "p95_ms", "plain_p95_ms", "speedup"} (speedup = plain p95 / our p95).
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
// Plain RJSF takes seconds per key on this form, so it gets fewer keys (its p95 is still well
// defined); the console's wizard gets enough keys for a stable p95.
const KEYS = {
  ours: Number(process.env.BENCH_KEYS ?? 200),
  plain: Number(process.env.BENCH_PLAIN_KEYS ?? 40),
};

const out = mkdtempSync(join(tmpdir(), 'gc-bench-wizard-'));
const build = spawnSync(
  process.execPath,
  [viteBin, 'build', '--config', join(root, 'bench', 'wizard', 'vite.config.ts'), '--outDir', out],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('vite build of the benchmark page failed');
  process.exit(build.status ?? 1);
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  let file = join(out, path);
  if (!file.startsWith(out) || !existsSync(file) || statSync(file).isDirectory())
    file = join(out, 'index.html');
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

// The prize name being typed into: the 10th prize, first language, in each form.
const TARGETS = {
  ours: '[data-testid="prize-row-9"] [role=cell]:nth-child(3) input',
  plain: '[id="root_prizes_9_name_zh-CN"]',
};

// A fixed pseudo-random think time between keys (20-80 ms), the same for both forms.
function* thinkTimes() {
  let seed = 42;
  for (;;) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    yield 20 + (seed % 61);
  }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

async function measure(mode) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}/index.html?mode=${mode}`);
  const target = page.locator(TARGETS[mode]);
  await target.waitFor({ timeout: 60_000 });
  await target.click();
  await page.keyboard.press('End');
  const before = await target.inputValue();
  const think = thinkTimes();
  const times = [];
  for (let i = 0; i < WARMUP + KEYS[mode]; i++) {
    const focused = await target.evaluate((el) => el === document.activeElement);
    if (!focused) throw new Error(`${mode}: the prize name input lost focus at key ${i}`);
    await page.evaluate(() => window.__bench.arm());
    await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
    const ms = await page.evaluate(() => window.__bench.result());
    if (i >= WARMUP) times.push(ms);
    await page.waitForTimeout(think.next().value);
  }
  await page.keyboard.press('x');
  const after = await target.inputValue();
  // Pairs of x + Backspace, plus an x when the count is odd, plus the last x.
  const expected = `${before}${(WARMUP + KEYS[mode]) % 2 === 1 ? 'x' : ''}x`;
  if (after !== expected)
    throw new Error(`${mode}: typing did not reach the input (${JSON.stringify(after)})`);
  if (errors.length > 0) throw new Error(`${mode}: page errors: ${errors.join('; ')}`);
  await page.close();
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(
    `${mode.padEnd(5)} keys ${times.length}  p50 ${p50.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${Math.max(...times).toFixed(1)} ms`,
  );
  return { p50, p95 };
}

let code = 0;
try {
  const plain = await measure('plain');
  const ours = await measure('ours');
  const round = (n) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      p50_ms: round(ours.p50),
      p95_ms: round(ours.p95),
      plain_p95_ms: round(plain.p95),
      speedup: round(plain.p95 / ours.p95),
    }),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  code = 1;
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
process.exit(code);
