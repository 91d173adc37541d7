// Plain HTTP on the HTTPS port (same-port-http.ts) answers with a permanent redirect to the same
// path over HTTPS, except /practice-ca.crt, which a device needs before it can trust HTTPS at all.
//
// Where the redirect points is decided by the certificate, not the request: the request's Host is
// kept only when the certificate covers it (so a device that typed an address, or one of several
// names, stays on it), and anything else goes to the certificate's first name. A forged Host can
// therefore only choose among names this server proves it owns, never send a visitor elsewhere
// (no open redirect). The port is the one the connection arrived on, which serves HTTPS too.
import type { X509Certificate } from 'node:crypto';
import type { Server as HttpsServer } from 'node:https';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { certificateNames } from './certificate-names';
import { PRACTICE_CA_PATH } from './practice-ca-route';
import { answerPlainHttpOnSamePort } from './same-port-http';

export interface RedirectRequest {
  /** The Host header as sent, if any. */
  host: string | undefined;
  /** The request target as sent (origin-form "/a?b", or absolute-form "http://x/a?b"). */
  url: string;
  /** The local port the connection arrived on. */
  port: number;
}

const bracketed = (address: string) => (isIP(address) === 6 ? `[${address}]` : address);

/** The host of `host` (a Host header) if the certificate is good for it, else undefined. */
function coveredHost(certificate: X509Certificate, host: string | undefined): string | undefined {
  if (!host) return undefined;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  const covered = isIP(bare) ? certificate.checkIP(bare) : certificate.checkHost(bare);
  return covered === undefined ? undefined : hostname;
}

export function httpsLocation(certificate: X509Certificate, request: RedirectRequest): string {
  const names = certificateNames(certificate);
  const fallback = names.dnsNames[0] ?? (names.ipAddresses[0] ? bracketed(names.ipAddresses[0]) : 'localhost');
  const host = coveredHost(certificate, request.host) ?? fallback;
  // Only the path and query of the target: an absolute-form target names a host of its own, ignored.
  let target: URL;
  try {
    target = new URL(request.url, 'http://placeholder');
  } catch {
    target = new URL('/', 'http://placeholder');
  }
  const port = request.port === 443 ? '' : `:${request.port}`;
  return `https://${host}${port}${target.pathname}${target.search}`;
}

/** Wires plain HTTP on `app`'s HTTPS port: redirects, and the practice's authority. */
export function registerPlainHttpRedirect(app: FastifyInstance, certificate: X509Certificate): void {
  // Plain requests go through the same app (its routing, headers and errors) and meet the hook below first.
  const plain = answerPlainHttpOnSamePort(app.server as HttpsServer, (req, res) => app.routing(req, res));
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    if (!plain.isPlain(socket)) return;
    const path = request.url.split('?')[0];
    if (path === PRACTICE_CA_PATH && (request.method === 'GET' || request.method === 'HEAD')) return;
    // 308 keeps the method and body (a POST stays a POST); browsers follow it as they do a 301.
    const location = httpsLocation(certificate, { host: request.headers.host, url: request.url, port: socket.localPort ?? 443 });
    return reply.code(308).header('location', location).header('connection', 'close').send();
  });
  app.addHook('preClose', (done) => {
    plain.closeConnections();
    done();
  });
}
