import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is a static SPA served by the API server from dist/ in production; in dev the
// API is proxied so the browser sees one origin (no CORS, same cookies/headers as production).
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle.mjs reads the manifest to know which chunks /login and the shell load.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
