import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './src/build/precompress';
import { sdkBuild } from './src/build/sdkBuild';

/**
 * Writes dist/.vite/chunk-modules.json (chunk file -> package names it bundles) so
 * bench/bundle.mjs can check that heavy libraries stay out of the login and shell chunks, and
 * dist/.vite/chunk-sources.json (chunk file -> the project's own source files in it, relative to
 * the root) so it can check that a player's page loads no other mechanic's renderer.
 */
function chunkModules(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\\/g, '/');
  return {
    name: 'growth-console:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      const sources: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const names = new Set<string>();
        const own: string[] = [];
        for (const raw of output.moduleIds) {
          const id = raw.replace(/\\/g, '/');
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
          if (match) names.add(match[1]);
          else if (id.startsWith(root)) own.push(id.slice(root.length).replace(/\?.*$/, ''));
        }
        packages[output.fileName] = [...names].sort();
        sources[output.fileName] = own.sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(packages, null, 1),
      });
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-sources.json',
        source: JSON.stringify(sources, null, 1),
      });
    },
  };
}

// The console is a static SPA served by the API server from dist/ in production; in dev the
// API is proxied so the browser sees one origin (no CORS, same headers as production).
const routerDist = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  // sdkBuild adds the web SDK (dist/sdk/, src/sdk/web) to the build; precompress writes .br/.gz
  // beside each built asset; the server sends them (staticConsole.ts).
  plugins: [react(), chunkModules(), sdkBuild(), precompress()],
  resolve: {
    // react-router's package exports only name its development build (extra checks and
    // warnings); production bundles take the production build it ships beside it.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerDist('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerDist('dom-export.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    // Everything the server answers outside the SPA: the API, participant pages (/p), offerwall
    // pages (/o), download landing pages (/d), uploaded files, the schema folders' artwork
    // (/schema-assets) and the web SDK (/sdk, built into dist/sdk).
    proxy: Object.fromEntries(
      ['/api', '/p/', '/o/', '/d/', '/uploads/', '/schema-assets/', '/sdk/'].map((path) => [
        path,
        { target: 'http://127.0.0.1:3000', changeOrigin: true },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle.mjs reads the manifest to know which chunks /login and the shell load; the
    // server reads it to load the participant app on /p/:id (src/server/participant).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The console (index.html), the player's page (participant.html), which shares no code
      // with the console but React, and the offerwall page (offerwall.html, /o/:projectId), which
      // shares none with the player's page but React.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        participant: fileURLToPath(new URL('participant.html', import.meta.url)),
        offerwall: fileURLToPath(new URL('offerwall.html', import.meta.url)),
      },
    },
  },
}));
