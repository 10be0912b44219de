// npm run bench:editor: the page editor with 40 blocks and 20 hotzones on its canvas, in Chromium
// with the frame-rate limit off (so a requestAnimationFrame delta is what the frame cost, not the
// 60 Hz clock): p95 frame time while a block is dragged down the canvas, and keystroke-to-paint in
// the selected block's settings. The anchor, in the same run and browser: 40 plain blocks in a
// dnd-kit sortable list with the same sensors and strategy (the drag), and a plain text input (the
// keys). Rounds alternate editor / anchor; medians of the rounds' p95 are reported. Not measured:
// the build, page load and the first render. Last line: {"drag_p95_ms", "type_p95_ms",
// "plain_drag_p95_ms", "plain_type_p95_ms", "drag_ratio", "type_ratio"} (ratio = ours / anchor).
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
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const KEYS = Number(process.env.BENCH_KEYS ?? 60);
const DRAG_STEPS = Number(process.env.BENCH_DRAG_STEPS ?? 80);

const out = mkdtempSync(join(tmpdir(), 'gc-bench-editor-'));
const build = spawnSync(
  process.execPath,
  [viteBin, 'build', '--config', join(root, 'bench', 'editor', 'vite.config.ts'), '--outDir', out],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) {
  console.error('vite build of the benchmark page failed');
  process.exit(build.status ?? 1);
}

// The images of the page: one drawing, 750 x 500, served where the page's config points.
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="750" height="500"><rect width="750" height="500" fill="#3c78ff"/><circle cx="375" cy="250" r="160" fill="#ffd15a"/></svg>';
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  if (path === '/uploads/bench.svg') {
    res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
    res.end(SVG);
    return;
  }
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
    // Frames as fast as they can be made: a rAF delta is the frame's cost, not the 16.7 ms tick.
    '--disable-gpu-vsync',
    '--disable-frame-rate-limit',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
const median = (values) => percentile(values, 50);
const round1 = (n) => Math.round(n * 10) / 10;

// The block dragged (the 11th of the canvas) and the text typed into, per mode.
const TARGETS = {
  ours: {
    handle: '[data-testid="canvas-block"]:nth-of-type(11) [data-testid="block-handle"]',
    text: 'text-1',
  },
  plain: { handle: '[data-block-id="b10"] [data-testid="block-handle"]', text: null },
};

async function measure(mode) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}/index.html?mode=${mode}`);
  await page.locator('[data-testid="page-canvas"]').waitFor({ timeout: 60_000 });
  const blocks = await page
    .locator(mode === 'ours' ? '[data-testid="canvas-block"]' : '[data-block-id]')
    .count();
  if (blocks < 39) throw new Error(`${mode}: ${blocks} blocks on the canvas`);
  if (mode === 'ours') {
    const zones = await page.locator('[data-testid="hotzone"]').count();
    if (zones !== 20) throw new Error(`ours: ${zones} hotzones on the canvas, not 20`);
  }

  // Drag: press on a block's handle, move it down the canvas in small steps, drop.
  const handle = page.locator(TARGETS[mode].handle).first();
  await handle.scrollIntoViewIfNeeded();
  await handle.hover();
  const box = await handle.boundingBox();
  if (!box) throw new Error(`${mode}: no handle to drag`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.evaluate(() => window.__frames.start());
  for (let i = 1; i <= DRAG_STEPS; i++)
    await page.mouse.move(box.x + box.width / 2 + (i % 3), box.y + box.height / 2 + i * 6);
  const frames = await page.evaluate(() => window.__frames.stop());
  await page.mouse.up();
  if (frames.length < 20) throw new Error(`${mode}: only ${frames.length} frames during the drag`);

  // Keys: the selected block's text (ours) or a plain input (anchor), x and Backspace in turn.
  let input;
  if (mode === 'ours') {
    await page.locator(`[data-block-id="${TARGETS.ours.text}"]`).click();
    input = page
      .locator('[data-testid="block-panel"] textarea, [data-testid="block-panel"] input[type="text"]')
      .first();
  } else {
    input = page.locator('[data-testid="plain-input"]');
  }
  await input.click();
  await page.keyboard.press('End');
  const keys = [];
  for (let i = 0; i < KEYS; i++) {
    await page.evaluate(() => window.__bench.arm());
    await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
    keys.push(await page.evaluate(() => window.__bench.result()));
  }
  if (errors.length > 0) throw new Error(`${mode}: page errors: ${errors.join('; ')}`);
  await page.close();
  const drag = percentile(frames, 95);
  const type = percentile(keys, 95);
  console.log(
    `${mode.padEnd(5)} drag: ${frames.length} frames, p50 ${percentile(frames, 50).toFixed(1)} p95 ${drag.toFixed(1)} ms | keys: ${keys.length}, p50 ${percentile(keys, 50).toFixed(1)} p95 ${type.toFixed(1)} ms`,
  );
  return { drag, type };
}

let code = 0;
try {
  // One unmeasured visit of each (JIT, caches).
  await measure('ours');
  await measure('plain');
  const ours = [];
  const plain = [];
  for (let r = 0; r < ROUNDS; r++) {
    ours.push(await measure('ours'));
    plain.push(await measure('plain'));
  }
  const drag = median(ours.map((m) => m.drag));
  const type = median(ours.map((m) => m.type));
  const plainDrag = median(plain.map((m) => m.drag));
  const plainType = median(plain.map((m) => m.type));
  console.log(
    JSON.stringify({
      drag_p95_ms: round1(drag),
      type_p95_ms: round1(type),
      plain_drag_p95_ms: round1(plainDrag),
      plain_type_p95_ms: round1(plainType),
      drag_ratio: round1(drag / plainDrag),
      type_ratio: round1(type / plainType),
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
