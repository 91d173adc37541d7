// The real server on a DATA_DIR where `npm run tls` put a practice certificate: HTTPS with HSTS,
// plain HTTP on the same port redirected (never to a host the certificate does not cover), the
// practice's authority served over both, and a close that no silent or plain connection holds up.
import { X509Certificate } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, stopAllServers, stopServer, type StartOutcome } from '../server-process.fixture';
import { issueTestPracticeTls } from '../test/practice-tls';
import { practiceTlsFiles } from './practice-tls-files';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  peerCertificate?: X509Certificate;
}

interface Call {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** For HTTPS: the authority to trust (nothing else is trusted). */
  ca?: string;
  /** Sent as the request target instead of the URL's path (e.g. an absolute-form target). */
  target?: string;
}

function call(url: string, { method = 'GET', headers = {}, body, ca, target }: Call = {}): Promise<Answer> {
  const parsed = new URL(url);
  const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      {
        host: parsed.hostname,
        port: parsed.port,
        path: target ?? `${parsed.pathname}${parsed.search}`,
        method,
        headers,
        ca,
        // Each request on its own connection: a reused one would hide how a new one is handled.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const socket = response.socket as TLSSocket;
          const peer = typeof socket.getPeerX509Certificate === 'function' ? socket.getPeerX509Certificate() : undefined;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), peerCertificate: peer });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const roots: string[] = [];
function practiceDataDir(): string {
  const root = mkdtempSync(join(tmpdir(), 'expediente-https-'));
  roots.push(root);
  return join(root, 'data');
}

afterAll(async () => {
  await stopAllServers();
  roots.forEach((root) => rmSync(root, { recursive: true, force: true }));
});

describe('a server with the practice certificate', () => {
  let dataDir: string;
  let started: Extract<StartOutcome, { kind: 'listening' }>;
  let port: string;
  let ca: string;

  beforeAll(async () => {
    dataDir = practiceDataDir();
    await issueTestPracticeTls({ dataDir, hosts: ['localhost'], ipAddresses: ['127.0.0.1'] });
    ca = readFileSync(practiceTlsFiles(dataDir).caCert, 'utf8');
    const outcome = await startServer(dataDir);
    if (outcome.kind !== 'listening') throw new Error(`the server did not start:\n${outcome.stdout}${outcome.stderr}`);
    started = outcome;
    port = new URL(started.url).port;
  }, 30_000);

  it('serves HTTPS with it, without TLS_CERT, and says so in the address it prints', async () => {
    expect(started.url).toBe(`https://127.0.0.1:${port}`);
    const answer = await call(`https://localhost:${port}/api/health`, { ca });
    expect(answer.status).toBe(200);
    expect(answer.peerCertificate?.raw.equals(new X509Certificate(readFileSync(practiceTlsFiles(dataDir).serverCert)).raw)).toBe(true);
  });

  it('sends Strict-Transport-Security over HTTPS', async () => {
    const answer = await call(`https://localhost:${port}/api/health`, { ca });
    expect(answer.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it('is refused by a client that does not trust the practice authority', async () => {
    await expect(call(`https://localhost:${port}/api/health`)).rejects.toThrow(/self[- ]signed|unable to (get|verify)/i);
  });

  it('answers plain HTTP on the same port with a permanent redirect to the same path over HTTPS', async () => {
    const answer = await call(`http://localhost:${port}/patients/7?tab=record`);
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(`https://localhost:${port}/patients/7?tab=record`);
    // RFC 6797: never over plain HTTP.
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    // A device that typed an address the certificate covers stays on it.
    expect((await call(`http://127.0.0.1:${port}/`)).headers.location).toBe(`https://127.0.0.1:${port}/`);
  });

  it('keeps the method of a plain POST (308) and reads none of it', async () => {
    const answer = await call(`http://localhost:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.test', password: 'x' }),
    });
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe(`https://localhost:${port}/api/auth/login`);
  });

  it('never redirects to a host the certificate does not cover (no open redirect)', async () => {
    const forged = await call(`http://127.0.0.1:${port}/sign-in`, { headers: { host: 'evil.example:80' } });
    expect(forged.headers.location).toBe(`https://localhost:${port}/sign-in`);
    const absolute = await call(`http://127.0.0.1:${port}/`, { target: 'http://evil.example/steal?x=1', headers: { host: 'evil.example' } });
    expect(absolute.headers.location).toBe(`https://localhost:${port}/steal?x=1`);
    const protocolRelative = await call(`http://127.0.0.1:${port}/`, { target: '//evil.example/x' });
    expect(new URL(protocolRelative.headers.location as string).host).toBe(`127.0.0.1:${port}`);
  });

  it('serves the practice authority at /practice-ca.crt, as DER, over HTTPS and over plain HTTP', async () => {
    const der = new X509Certificate(ca).raw;
    for (const url of [`https://localhost:${port}/practice-ca.crt`, `http://localhost:${port}/practice-ca.crt`]) {
      const answer = await call(url, { ca });
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-type']).toBe('application/x-x509-ca-cert');
      expect(answer.headers['content-disposition']).toBe('attachment; filename="expediente-practice-ca.crt"');
      expect(answer.body.equals(der)).toBe(true);
    }
  });

  it('hands over a client whose first byte comes late', async () => {
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(`GET /late HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    const reply = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 308/);
    expect(reply).toContain(`location: https://localhost:${port}/late`);
  });

  it('closes on SIGTERM without waiting for a silent connection or a plain keep-alive one', async () => {
    const silent = connect(Number(port), '127.0.0.1');
    const plain = connect(Number(port), '127.0.0.1');
    await Promise.all([silent, plain].map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
    // A request for the authority keeps its plain connection open (keep-alive) after the answer.
    plain.write(`GET /practice-ca.crt HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
    await new Promise((resolve) => plain.once('data', resolve));
    const closed = (socket: Socket) => new Promise((resolve) => socket.once('close', resolve));
    const bothClosed = Promise.all([closed(silent), closed(plain)]);
    const startedAt = Date.now();
    expect(await stopServer(started.server)).toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    await bothClosed;
  });
});

describe('a server whose practice certificate cannot be served', () => {
  it('refuses to start when server.crt is there without server.key', async () => {
    const dataDir = practiceDataDir();
    await issueTestPracticeTls({ dataDir, hosts: ['consultorio.local'], ipAddresses: [] });
    rmSync(practiceTlsFiles(dataDir).serverKey);
    const outcome = await startServer(dataDir);
    expect(outcome.kind).toBe('exited');
    if (outcome.kind !== 'exited') return;
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/server\.crt is there without .*server\.key: run `npm run tls -- --host NAME --ca-key FILE` again/);
  });

  it('refuses to start when the key is not the certificate\'s', async () => {
    const dataDir = practiceDataDir();
    const other = practiceDataDir();
    await issueTestPracticeTls({ dataDir, hosts: ['consultorio.local'], ipAddresses: [] });
    await issueTestPracticeTls({ dataDir: other, hosts: ['consultorio.local'], ipAddresses: [] });
    writeFileSync(practiceTlsFiles(dataDir).serverKey, readFileSync(practiceTlsFiles(other).serverKey));
    const outcome = await startServer(dataDir);
    expect(outcome.kind).toBe('exited');
    if (outcome.kind !== 'exited') return;
    expect(outcome.stderr).toMatch(/The TLS key .*server\.key does not belong to the certificate .*server\.crt/);
  });
});
