// The same process serves the built client: assets, and index.html for any other page path, each
// as the brotli or gzip copy the build wrote beside it when the browser accepts one; and robots.txt.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/helpers';

let app: FastifyInstance;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'expediente-client-'));
  mkdirSync(join(clientDir, 'assets'));
  const files = { 'index.html': '<!doctype html><title>Expediente</title>', 'assets/app-abc123.js': 'console.log(1)' };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(clientDir, name), text);
    writeFileSync(join(clientDir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(clientDir, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(clientDir, 'assets', 'small-def456.js'), 'void 0');
  app = await buildTestApp({ clientDir });
});
afterAll(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client', () => {
  it('answers page paths such as /medic/patient/7 with index.html, never cached stale', async () => {
    for (const url of ['/', '/login', '/medic/patient/7']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<title>Expediente</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed copy the browser accepts, brotli first, for assets and every page path', async () => {
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
    ] as const) {
      for (const [url, text, cacheControl] of [
        ['/assets/app-abc123.js', 'console.log(1)', 'public, max-age=31536000, immutable'],
        ['/', '<title>Expediente</title>', 'no-cache'],
        ['/medic/patient/7', '<title>Expediente</title>', 'no-cache'],
      ] as const) {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], `${url} with ${acceptEncoding}`).toBe(encoding);
        expect(response.headers['content-type'], url).toMatch(url.endsWith('.js') ? /javascript/ : /text\/html/);
        expect(response.headers.vary, url).toMatch(/accept-encoding/i);
        expect(response.headers['cache-control'], url).toBe(cacheControl);
        expect(decode[encoding](response.rawPayload).toString(), url).toContain(text);
      }
    }
  });

  it('sends the plain file to a browser that accepts no compression, still varying on Accept-Encoding', async () => {
    for (const url of ['/assets/app-abc123.js', '/login']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    }
    // A file too small to have compressed copies is sent as it is, not compressed on the fly.
    const small = await app.inject({ method: 'GET', url: '/assets/small-def456.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('void 0');
  });

  it('turns every crawler away at /robots.txt, where the page would otherwise answer', async () => {
    const unbuilt = mkdtempSync(join(tmpdir(), 'expediente-unbuilt-client-'));
    const apiAlone = await buildTestApp({ clientDir: unbuilt });
    try {
      for (const server of [app, apiAlone]) {
        const response = await server.inject({ method: 'GET', url: '/robots.txt', headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.body).toBe('User-agent: *\nDisallow: /');
      }
    } finally {
      await apiAlone.close();
      rmSync(unbuilt, { recursive: true, force: true });
    }
  });

  it('keeps API 404s as JSON errors rather than the page', async () => {
    for (const url of ['/api/unknown', '/trpc/nope.nothing']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
  });
});
