// The client is built into dist/client, which the server serves; in development Vite serves it and
// forwards API calls to the server so both share one origin, as in production.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const clientDir = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: clientDir,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
    },
  },
});
