// npm run bench:bundle: builds the console and prints the gzip size of the JavaScript that the
// /login screen and the signed-in shell (root layout + home) load, read from Vite's manifest.
// The last line is JSON: {"login_kb_gz": n, "shell_kb_gz": n}.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const require = createRequire(import.meta.url);
const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');

const build = spawnSync(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('vite build failed');
  process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

// What each screen loads before it can paint: the entry, the default language bundle (awaited
// before the first render), and the route modules with everything they import statically.
const screens = {
  login: ['index.html', 'src/web/i18n/resources/zhCN.ts', 'src/web/features/accounts/LoginPage.tsx'],
  shell: [
    'index.html',
    'src/web/i18n/resources/zhCN.ts',
    'src/web/app/RootLayout.tsx',
    'src/web/features/home/HomePage.tsx',
  ],
};

function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in dist/.vite/manifest.json`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

// RJSF, G2 and dnd-kit belong to feature pages only (the size rule).
const chunkPackages = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8'));
const FORBIDDEN = /^(@rjsf\/|@antv\/|@dnd-kit\/)/;

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const result = {};
for (const [screen, keys] of Object.entries(screens)) {
  const files = [...new Set(staticClosure(keys))];
  let total = 0;
  for (const file of files) {
    const kb = gzipKb(file);
    total += kb;
    console.log(`${screen.padEnd(6)} ${kb.toFixed(1).padStart(7)} KB gz  ${file}`);
  }
  result[`${screen}_kb_gz`] = Math.round(total * 10) / 10;
  const heavy = [
    ...new Set(files.flatMap((file) => (chunkPackages[file] ?? []).filter((name) => FORBIDDEN.test(name)))),
  ];
  if (heavy.length > 0) {
    console.error(`${screen} loads ${heavy.join(', ')}; these must stay in lazily loaded feature chunks`);
    process.exitCode = 1;
  }
}
console.log(JSON.stringify(result));
