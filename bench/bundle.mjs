// npm run bench:bundle: builds the console into a temporary folder (./dist is left alone), prints
// the gzip size of the JavaScript that the /login screen and the signed-in shell (root layout +
// home) load, read from Vite's manifest, then starts the real server over that build and fetches
// what each screen loads (its HTML document, JavaScript and CSS) with `Accept-Encoding: br, gzip`,
// summing the bytes the server actually sends.
// The participant page of a lucky-wheel campaign (/p/:id, the player's screen) is measured the
// same way from what its HTML loads: a campaign is made through the API and put online first.
// Then every mechanic's page (each gameplay and sub-activity folder under schemas/ by the renderer
// its meta.json names): what the HTML loads plus that renderer's chunk with what it imports
// statically, from the manifest; a page carrying another renderer's own files
// (src/participant/renderers/<name>/, from .vite/chunk-sources.json) fails the run.
// Goals (over one fails the run): login <= 260 KB gz, shell <= 400, each player's page <= 100.
// The web SDK the same build writes (dist/sdk/v1, src/build/sdkBuild.ts) is measured at gzip -9:
// gc.js (script tag: events, attribution, Turbo Script; goal <= 5 KB) and gc-banner.js (+ Turbo
// Banner; goal <= 6 KB); over its goal fails the run.
// The last line is JSON: {"login_kb_gz": n, "shell_kb_gz": n, "login_kb_sent": n,
// "shell_kb_sent": n, "login_kb_uncompressed": n, "shell_kb_uncompressed": n, "login_requests": n,
// "shell_requests": n, "participant_kb_gz": n, "participant_kb_sent": n,
// "participant_kb_uncompressed": n, "participant_requests": n, "mechanic_pages": n,
// "mechanic_kb_gz_max": n, "sdk_kb_gz": n, "banner_kb_gz": n}:
// *_kb_gz is the JavaScript at gzip -9 (participant_kb_gz: JavaScript and CSS, goal <= 100;
// sdk_kb_gz: gc.js, banner_kb_gz: gc-banner.js), *_kb_sent what crosses the wire (body bytes),
// *_kb_uncompressed the same files as they are on disk; mechanic_pages is how many mechanic pages
// were checked, mechanic_kb_gz_max the largest of them with its renderer (JavaScript and CSS).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'gc-bench-bundle-'));
const dist = join(work, 'dist');
const require = createRequire(import.meta.url);
const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');

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

/** One GET as a browser sends it; the body is counted as it arrives, never decoded. */
function fetchRaw(url, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({ status: res.statusCode, encoding: res.headers['content-encoding'] ?? 'identity', bytes }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitForHealth(base, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited early with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${base}/api/health within ${timeoutMs} ms`);
}

/** One API call with the console's envelope; throws unless it succeeds. */
async function apiCall(base, method, path, { body, token, projectId } = {}) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(projectId ? { 'x-project-id': projectId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await answer.json();
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${answer.status} ${envelope.msg}`);
  return envelope.data;
}

/** A running lucky-wheel campaign from its classic template, made through the API. */
async function wheelCampaign(base) {
  const password = 'bench-bundle-1';
  const session = await apiCall(base, 'POST', '/api/auth/sign-up', {
    body: {
      companyName: 'Bench',
      email: 'bench@example.com',
      password,
      confirmPassword: password,
      agreement: true,
    },
  });
  const token = session.token;
  const { id: projectId } = await apiCall(base, 'POST', '/api/projects', {
    body: { name: 'Bench', domainPrefix: 'bench' },
    token,
  });
  const entry = await apiCall(base, 'GET', '/api/schemas/gameplay/lucky-wheel', { token, projectId });
  const template = entry.templates.find((candidate) => candidate.name === 'classic') ?? entry.templates[0];
  const hour = 3_600_000;
  const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const config = {
    ...template.config,
    startTime: iso(Date.now() - hour),
    endTime: iso(Date.now() + 24 * hour),
  };
  const campaign = await apiCall(base, 'POST', '/api/campaigns', {
    body: { area: 'growth', kind: 'gameplay', mark: 'lucky-wheel', templateMark: template.name, config },
    token,
    projectId,
  });
  await apiCall(base, 'POST', `/api/campaigns/${campaign.id}/actions`, {
    body: { action: 'goOnline' },
    token,
    projectId,
  });
  return campaign.id;
}

let server;
try {
  const build = spawnSync(
    process.execPath,
    [viteBin, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error('vite build failed');

  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

  // What each screen loads before it can paint: the entry, the default language's texts (awaited
  // before the first render; the shell's own part with its layout), and the route modules with
  // everything they import statically.
  const screens = {
    login: {
      route: '/login',
      goalKb: 260,
      keys: ['index.html', 'src/web/i18n/resources/zhCN.ts', 'src/web/features/accounts/LoginPage.tsx'],
    },
    shell: {
      route: '/',
      goalKb: 400,
      keys: [
        'index.html',
        'src/web/i18n/resources/zhCN.ts',
        'src/web/i18n/resources/shell/zhCN.ts',
        'src/web/app/RootLayout.tsx',
        'src/web/features/home/HomePage.tsx',
      ],
    },
  };

  /** The chunks the keys load with everything they import statically. */
  const staticClosure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build's .vite/manifest.json`);
      seen.add(key);
      for (const next of chunk.imports ?? []) visit(next);
    };
    keys.forEach(visit);
    return [...seen].map((key) => manifest[key]);
  };

  // RJSF, G2 and dnd-kit belong to feature pages only (the issue's size rule).
  const chunkPackages = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8'));
  const FORBIDDEN = /^(@rjsf\/|@antv\/|@dnd-kit\/)/;

  const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
  const round = (kb) => Math.round(kb * 10) / 10;
  const result = {};
  const loads = {};
  for (const [screen, { keys, goalKb }] of Object.entries(screens)) {
    const chunks = staticClosure(keys);
    const files = [...new Set(chunks.map((chunk) => chunk.file).filter((file) => file.endsWith('.js')))];
    loads[screen] = { js: files, css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))] };
    let total = 0;
    for (const file of files) {
      const kb = gzipKb(file);
      total += kb;
      console.log(`${screen.padEnd(6)} ${kb.toFixed(1).padStart(7)} KB gz  ${file}`);
    }
    result[`${screen}_kb_gz`] = round(total);
    if (total > goalKb) {
      console.error(`${screen} loads ${round(total)} KB gz of JavaScript, over its ${goalKb} KB goal`);
      process.exitCode = 1;
    }
    const heavy = [
      ...new Set(files.flatMap((file) => (chunkPackages[file] ?? []).filter((name) => FORBIDDEN.test(name)))),
    ];
    if (heavy.length > 0) {
      console.error(`${screen} loads ${heavy.join(', ')}; these must stay in lazily loaded feature chunks`);
      process.exitCode = 1;
    }
  }

  // The web SDK's script-tag builds, against their goals.
  const sdk = {};
  for (const [key, file, goalKb] of [
    ['sdk_kb_gz', 'sdk/v1/gc.js', 5],
    ['banner_kb_gz', 'sdk/v1/gc-banner.js', 6],
  ]) {
    const kb = gzipKb(file);
    sdk[key] = round(kb);
    console.log(`sdk    ${kb.toFixed(1).padStart(7)} KB gz  ${file}`);
    if (kb > goalKb) {
      console.error(`${file} is ${kb.toFixed(2)} KB gz, over its ${goalKb} KB goal`);
      process.exitCode = 1;
    }
  }

  // The real server over this build, on a throwaway database.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(work, 'bench.db')}`,
      DATA_DIR: work,
      WEB_DIR: dist,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      SCHEDULER_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitForHealth(base, server);

  const browser = { 'accept-encoding': 'br, gzip', 'user-agent': 'bench-bundle' };
  for (const [screen, { route }] of Object.entries(screens)) {
    const requests = [
      { path: route, disk: 'index.html', headers: { ...browser, accept: 'text/html' } },
      ...[...loads[screen].js, ...loads[screen].css].map((file) => ({
        path: `/${file}`,
        disk: file,
        headers: { ...browser, accept: '*/*' },
      })),
    ];
    let sent = 0;
    let onDisk = 0;
    for (const { path, disk, headers } of requests) {
      const answer = await fetchRaw(`${base}${path}`, headers);
      const size = statSync(join(dist, disk)).size;
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      // Anything worth compressing must arrive compressed (src/build/precompress.ts).
      if (size >= 1024 && answer.encoding !== 'br') {
        console.error(`GET ${path} (${size} bytes) arrived as ${answer.encoding}, not br`);
        process.exitCode = 1;
      }
      sent += answer.bytes;
      onDisk += size;
      console.log(
        `${screen.padEnd(6)} ${(answer.bytes / 1024).toFixed(1).padStart(7)} KB sent (${answer.encoding.padEnd(8)}) ${path}`,
      );
    }
    result[`${screen}_kb_sent`] = round(sent / 1024);
    result[`${screen}_kb_uncompressed`] = round(onDisk / 1024);
    result[`${screen}_requests`] = requests.length;
  }

  // The player's page: what the server's HTML for a running lucky wheel loads (script, preloaded
  // chunks and CSS), read from that HTML rather than the manifest, so a tag the server forgets or
  // adds is counted as the browser would.
  const campaignId = await wheelCampaign(base);
  const pagePath = `/p/${campaignId}`;
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const assetFiles = [
    ...html.matchAll(
      /<(?:script type="module" src|link rel="(?:modulepreload|stylesheet)" href)="\/([^"]+)"/g,
    ),
  ].map((match) => match[1]);
  if (!assetFiles.some((file) => file.endsWith('.js')) || !assetFiles.some((file) => file.endsWith('.css')))
    throw new Error(`${pagePath} loads no participant script or CSS: ${assetFiles.join(', ') || 'nothing'}`);
  let participantGz = 0;
  for (const file of assetFiles) {
    const kb = gzipKb(file);
    participantGz += kb;
    console.log(`player ${kb.toFixed(1).padStart(7)} KB gz  ${file}`);
  }
  result.participant_kb_gz = round(participantGz);
  // React only: no console library may reach the player's page.
  const foreign = [
    ...new Set(
      assetFiles.flatMap((file) =>
        (chunkPackages[file] ?? []).filter((name) => !['react', 'react-dom', 'scheduler'].includes(name)),
      ),
    ),
  ];
  if (foreign.length > 0) {
    console.error(`${pagePath} loads ${foreign.join(', ')}; the participant app takes React only`);
    process.exitCode = 1;
  }
  if (participantGz > 100) {
    console.error(`${pagePath} loads ${round(participantGz)} KB gz, over the 100 KB goal`);
    process.exitCode = 1;
  }

  // Every mechanic's page: the same HTML loads, plus the renderer its folder names once the page
  // model arrives (a chunk of its own with what it imports statically). Only the task center's
  // renderer is part of the page itself: its task list is what the page's tasks block draws. No
  // page may carry another renderer's own files.
  const chunkSources = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-sources.json'), 'utf8'));
  const rendererDir = (source) => /^src\/participant\/renderers\/([^/]+)\//.exec(source)?.[1];
  const sourcesOf = (files) => new Set(files.flatMap((file) => chunkSources[file] ?? []));
  const pageChunks = staticClosure(['participant.html']);
  const onDemand = new Map();
  for (const key of pageChunks.flatMap((chunk) => chunk.dynamicImports ?? [])) {
    const name = rendererDir(key);
    if (name) onDemand.set(name, key);
  }
  const PAGE_RENDERERS = new Set(['tasks']);
  const pageRenderers = new Set([...sourcesOf(assetFiles)].map(rendererDir).filter(Boolean));
  for (const name of pageRenderers)
    if (!PAGE_RENDERERS.has(name)) {
      console.error(`${pagePath} itself carries the "${name}" renderer, which must load on demand`);
      process.exitCode = 1;
    }
  const mechanics = ['gameplays', 'sub-activities'].flatMap((kind) =>
    readdirSync(join(root, 'schemas', kind), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => {
        const meta = JSON.parse(readFileSync(join(root, 'schemas', kind, entry.name, 'meta.json'), 'utf8'));
        return { mark: `${kind}/${entry.name}`, renderer: meta.play?.renderer };
      })
      .filter(({ renderer }) => renderer),
  );
  let mechanicMax = 0;
  for (const { mark, renderer } of mechanics) {
    const files = [...assetFiles];
    if (onDemand.has(renderer)) {
      const chunks = staticClosure([onDemand.get(renderer)]);
      files.push(...chunks.flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]));
    } else if (!PAGE_RENDERERS.has(renderer) || !pageRenderers.has(renderer)) {
      console.error(`${mark}: its renderer "${renderer}" is neither part of the page nor loaded on demand`);
      process.exitCode = 1;
      continue;
    }
    const unique = [...new Set(files)];
    const foreign = [...sourcesOf(unique)].filter((source) => {
      const name = rendererDir(source);
      return name && name !== renderer && !PAGE_RENDERERS.has(name);
    });
    const kb = unique.reduce((sum, file) => sum + gzipKb(file), 0);
    mechanicMax = Math.max(mechanicMax, kb);
    console.log(`player ${kb.toFixed(1).padStart(7)} KB gz  ${mark} (${renderer}, ${unique.length} files)`);
    if (foreign.length > 0) {
      console.error(`${mark} (${renderer}) loads other renderers' files: ${foreign.join(', ')}`);
      process.exitCode = 1;
    }
    if (kb > 100) {
      console.error(`${mark} loads ${round(kb)} KB gz with its renderer, over the 100 KB goal`);
      process.exitCode = 1;
    }
  }
  if (mechanics.length === 0 || onDemand.size === 0) {
    console.error('no mechanic pages or on-demand renderers found to check');
    process.exitCode = 1;
  }

  let sent = 0;
  let onDisk = 0;
  const pageAnswer = await fetchRaw(`${base}${pagePath}`, { ...browser, accept: 'text/html' });
  sent += pageAnswer.bytes;
  for (const file of assetFiles) {
    const answer = await fetchRaw(`${base}/${file}`, { ...browser, accept: '*/*' });
    if (answer.status !== 200) throw new Error(`GET /${file} answered ${answer.status}`);
    sent += answer.bytes;
    onDisk += statSync(join(dist, file)).size;
    console.log(
      `player ${(answer.bytes / 1024).toFixed(1).padStart(7)} KB sent (${answer.encoding.padEnd(8)}) /${file}`,
    );
  }
  result.participant_kb_sent = round(sent / 1024);
  result.participant_kb_uncompressed = round(onDisk / 1024);
  result.participant_requests = assetFiles.length + 1;
  result.mechanic_pages = mechanics.length;
  result.mechanic_kb_gz_max = round(mechanicMax);
  Object.assign(result, sdk);
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  }
  rmSync(work, { recursive: true, force: true });
}
