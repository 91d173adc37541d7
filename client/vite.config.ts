// The client is built into dist/client, which the server serves; in development Vite serves it and
// forwards API calls to the server so both share one origin, as in production.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { localeChunkName } from './src/lib/locale-namespaces';

const clientDir = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/** Modules of these packages (a `node_modules/<name>/` path segment). */
const packages = (...names: string[]) =>
  new RegExp(`node_modules[\\\\/](?:${names.map((name) => name.replace('/', '[\\\\/]')).join('|')})[\\\\/]`);

/** `locale-es` for Spanish's sign-in namespaces, `locale-es-app` for its others, and so on; null for other modules. */
function localeChunk(id: string): string | null {
  const [, language, namespace] = /shared[\\/]locales[\\/](\w+)[\\/](\w+)\.json/.exec(id) ?? [];
  return language && namespace ? localeChunkName(language, namespace) : null;
}

export default defineConfig({
  root: clientDir,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    // Which chunks a page needs: the build's size test reads the sign-in page's from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries in a few chunks of their own, each well under 60 KB compressed: they stay
        // cached across releases of the app's code, and the sign-in page loads only what it uses.
        // A higher priority claims a module first; react comes first so react-dom's chunk does not
        // pull it in (a group takes its modules' dependencies along).
        codeSplitting: {
          groups: [
            { name: 'react', test: packages('react', 'scheduler', 'use-sync-external-store', 'wouter', 'regexparam'), priority: 60 },
            // React's renderer alone: a single module, the largest piece of every page.
            { name: 'react-dom', test: packages('react-dom'), priority: 50 },
            { name: 'i18n', test: packages('i18next', 'react-i18next', 'html-parse-stringify', 'void-elements'), priority: 40 },
            // Not @tanstack/react-virtual: only the medic's patient list uses it, in its own route's chunk.
            { name: 'query', test: packages('@tanstack/query-core', '@tanstack/react-query', '@trpc'), priority: 40 },
            { name: 'forms', test: packages('react-hook-form', '@hookform'), priority: 40 },
            { name: 'zod', test: packages('zod'), priority: 40 },
            // Two chunks per language: the sign-in page's namespaces, loaded before the first paint, and
            // the app's (see src/lib/locale-namespaces.ts and i18n.ts).
            { name: localeChunk, debugName: 'locales', priority: 30 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/trpc': apiTarget,
      '/api': apiTarget,
    },
  },
});
