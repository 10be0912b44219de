import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The benchmark page's own build (bench/editor.mjs passes the output directory): it never
// touches the console's bundle.
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});
