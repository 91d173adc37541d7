// Trusting the practice's certificate authority for real, as a practice's devices do after
// installing it, rather than turning certificate checks off: Chromium through a certificate store
// of its own, and the test process's API calls through a fetch that knows the authority.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';

/** The name the authority is filed under in the browser's store. */
const NICKNAME = 'expediente-practice-ca';

function certutil(args: string[]): void {
  const result = spawnSync('certutil', args, { encoding: 'utf8' });
  if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error('certutil is missing: the HTTPS journeys need it to make Chromium trust the practice authority. Install it with "apt-get install libnss3-tools".');
  }
  if (result.status !== 0) throw new Error(`certutil ${args.join(' ')} exited with ${result.status ?? result.signal}: ${result.stderr}`);
}

/**
 * Makes `home` a HOME whose NSS database ($HOME/.pki/nssdb, where Chromium on Linux keeps the
 * authorities a user added) trusts `caPath` for identifying web sites ("C,,"), and nothing else.
 */
export function homeTrustingCa(home: string, caPath: string): string {
  const nssDb = join(home, '.pki', 'nssdb');
  mkdirSync(nssDb, { recursive: true, mode: 0o700 });
  certutil(['-d', `sql:${nssDb}`, '-N', '--empty-password']);
  certutil(['-d', `sql:${nssDb}`, '-A', '-n', NICKNAME, '-t', 'C,,', '-i', caPath]);
  return home;
}

/**
 * A fetch for the harness's API calls that trusts `ca` (PEM) alone. Node's own fetch reads its extra
 * authorities only at start (NODE_EXTRA_CA_CERTS), before the test has made this one.
 */
export function fetchTrustingCa(ca: string): typeof fetch {
  return (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    return new Promise<Response>((resolve, reject) => {
      const call = request(url, { method: init.method ?? 'GET', headers: Object.fromEntries(new Headers(init.headers)), ca }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
          }
          const content = Buffer.concat(chunks);
          resolve(new Response(content.length > 0 ? content : null, { status: answer.statusCode ?? 0, headers }));
        });
        answer.on('error', reject);
      });
      call.on('error', reject);
      call.end(body);
    });
  };
}
