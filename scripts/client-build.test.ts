// The built client's weight, as the browser downloads it (the build's own .br and .gz copies), and
// the server sending those copies. Builds dist/client first when it is missing or stale.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../server/test/helpers';
import { clientDistDir, clientManifest, ensureClientBuilt } from './client-build';

const KB = 1024;
const MAX_CHUNK = 60 * KB;
// React's renderer is one module of about 62 KB under gzip (55 KB under brotli): no chunk of it can
// be smaller. Every other chunk keeps to 60 KB under both.
const MAX_RENDERER_CHUNK_GZIP = 66 * KB;
const MAX_SIGN_IN_BROTLI = 150 * KB;
// Over plain HTTP (a practice's usual localhost) browsers ask for gzip only, so gzip must fit too;
// the sign-in form loads zod on its first check for that reason (features/auth/login-form.tsx).
const MAX_SIGN_IN_GZIP = 150 * KB;

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let manifest: Manifest;
beforeAll(async () => {
  await ensureClientBuilt(() => undefined);
  manifest = JSON.parse(readFileSync(clientManifest, 'utf8')) as Manifest;
}, 180_000);

/** Bytes sent for `file` with this encoding: its compressed copy, or the file itself when it has none. */
function sentBytes(file: string, encoding: 'br' | 'gz'): number {
  const path = join(clientDistDir, file);
  return statSync(existsSync(`${path}.${encoding}`) ? `${path}.${encoding}` : path).size;
}

/** The manifest keys of `key` and of everything it imports, directly or not. */
function withStaticImports(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, into);
  return into;
}

/** What the sign-in page downloads: the entry and the login route with their imports, and one language. */
function signInFiles(): string[] {
  const keys = withStaticImports('index.html');
  withStaticImports('src/pages/login.tsx', keys);
  // The sign-in namespaces' chunk of each language (`locale-es`), not the app's (`locale-es-app`).
  const locales = Object.keys(manifest).filter((key) => /^locale-[a-z]+$/.test(manifest[key]!.name ?? ''));
  expect(locales.length).toBeGreaterThanOrEqual(2);
  const largestLocale = locales.sort((a, b) => sentBytes(manifest[b]!.file, 'gz') - sentBytes(manifest[a]!.file, 'gz'))[0]!;
  withStaticImports(largestLocale, keys);
  return [...keys].map((key) => manifest[key]!.file);
}

describe('the client build', () => {
  it('keeps every JavaScript chunk within 60 KB compressed', () => {
    const chunks = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(5);
    for (const file of chunks) {
      expect(sentBytes(file, 'br'), `${file} under brotli`).toBeLessThanOrEqual(MAX_CHUNK);
      const isRenderer = /(^|\/)react-dom-[\w-]+\.js$/.test(file);
      expect(sentBytes(file, 'gz'), `${file} under gzip`).toBeLessThanOrEqual(isRenderer ? MAX_RENDERER_CHUNK_GZIP : MAX_CHUNK);
    }
  });

  it('keeps the sign-in page light: its JavaScript, one language included', () => {
    const files = signInFiles();
    expect(files).toContainEqual(expect.stringMatching(/login-/));
    const total = (encoding: 'br' | 'gz') => files.reduce((sum, file) => sum + sentBytes(file, encoding), 0);
    expect(total('br'), `brotli total of ${files.join(', ')}`).toBeLessThanOrEqual(MAX_SIGN_IN_BROTLI);
    expect(total('gz'), `gzip total of ${files.join(', ')}`).toBeLessThanOrEqual(MAX_SIGN_IN_GZIP);
  });

  it('does not put the other language in the first download', () => {
    const files = signInFiles();
    expect(files.filter((file) => /locale-/.test(file))).toHaveLength(1);
  });
});

describe('the server, sending the build', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ clientDir: clientDistDir });
  });
  afterAll(() => app.close());

  it('sends assets and index.html as brotli or gzip, cached as they should be', async () => {
    const entry = manifest['index.html']!.file;
    for (const encoding of ['br', 'gzip']) {
      const asset = await app.inject({ method: 'GET', url: `/${entry}`, headers: { 'accept-encoding': encoding } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect(asset.headers.vary).toMatch(/accept-encoding/i);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      for (const url of ['/', '/login']) {
        const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': `${encoding}, deflate` } });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers['content-encoding'], url).toBe(encoding);
        expect(page.headers['content-type'], url).toMatch(/text\/html/);
        expect(page.headers.vary, url).toMatch(/accept-encoding/i);
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
    }
  });

  it('does not serve the build manifest', async () => {
    const response = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.body).not.toContain('"isEntry"');
  });
});
