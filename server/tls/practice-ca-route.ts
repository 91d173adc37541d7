// GET /practice-ca.crt: the practice's certificate authority, for a device to install before it can
// trust the server (docs/operations.md "HTTPS on the practice's network"). Public data: a certificate holds no
// secret, and a device asks for it before it trusts HTTPS, so it is answered over plain HTTP too
// (https-redirect.ts). Whoever fetches it that way should compare its fingerprint with the one
// `npm run tls` printed before trusting it, since nothing else authenticates a plain download.
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { toErrorBody } from '../error-body';
import { practiceTlsFiles } from './practice-tls-files';

export const PRACTICE_CA_PATH = '/practice-ca.crt';

const NO_PRACTICE_CA =
  "This server does not use a practice certificate authority: it is made by `npm run tls -- --host NAME --ca-key FILE` (docs/operations.md \"HTTPS on the practice's network\").";

/** `servesPracticeCertificate`: the server's certificate is the one `npm run tls` issued, so its authority is the one to install. */
export function registerPracticeCaRoute(app: FastifyInstance, options: { dataDir: string; servesPracticeCertificate: boolean }): void {
  const caPath = practiceTlsFiles(options.dataDir).caCert;
  app.get(PRACTICE_CA_PATH, async (_request, reply) => {
    // Read on each request (it is small and rarely asked for), so a re-run of `npm run tls` shows at once.
    const pem = options.servesPracticeCertificate ? await readFile(caPath).catch(() => undefined) : undefined;
    if (!pem) {
      return reply.code(404).send(toErrorBody({ code: 'NOT_FOUND', status: 404, message: NO_PRACTICE_CA }));
    }
    // DER, the encoding this media type stands for and the one Windows', Apple's and Android's
    // certificate installers all take from a .crt file.
    const der = new X509Certificate(pem).raw;
    return reply
      .type('application/x-x509-ca-cert')
      .header('content-disposition', 'attachment; filename="expediente-practice-ca.crt"')
      .header('cache-control', 'no-cache')
      .send(der);
  });
}
