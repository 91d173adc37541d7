// A practice served over HTTPS as `npm run tls` sets it up, for the browser journeys: the real
// script makes the authority and the certificate (--host localhost --ip 127.0.0.1) in a fresh
// DATA_DIR, the authority's key encrypted in a key file beside it (as on the practice's USB stick),
// the real server serves them on a port chosen beforehand (the passkeys' origin is
// https://localhost:<port>, worked out by the server from the certificate), and a Chromium whose
// certificate store trusts the authority opens it, with no certificate error switched off.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from '../scripts/client-build';
import { launchBrowser, startApp, type App } from './harness';
import { fetchTrustingCa, homeTrustingCa } from './practice-ca-trust';

export interface HttpsPractice {
  app: App;
  /** https://localhost:<port>, the address the practice's browsers use. */
  origin: string;
  port: number;
  /** The practice authority's certificate (PEM), as DATA_DIR/tls/ca.crt holds it. */
  caPem: string;
  /** A Chromium that trusts the practice authority. */
  browser: Browser;
  close(): Promise<void>;
}

/** A port free a moment ago: the server must know its port before it starts, to name its origin. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function runTlsScript(dataDir: string, caKeyFile: string): void {
  const result = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/tls.ts', '--host', 'localhost', '--ip', '127.0.0.1', '--ca-key', caKeyFile], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, CA_PASSPHRASE: 'the e2e practice passphrase' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run tls failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`);
}

export async function startHttpsApp(extraEnv: NodeJS.ProcessEnv = {}): Promise<HttpsPractice> {
  const runDir = inject('e2eRunDir');
  const dataDir = mkdtempSync(join(runDir, 'data-'));
  runTlsScript(dataDir, join(mkdtempSync(join(runDir, 'ca-key-')), 'ca-key.pem'));
  const caPath = join(dataDir, 'tls', 'ca.crt');
  const caPem = readFileSync(caPath, 'utf8');
  const port = await freePort();
  const app = await startApp({ PORT: String(port), ...extraEnv }, { dataDir, fetch: fetchTrustingCa(caPem) });

  const home = mkdtempSync(join(runDir, 'home-'));
  let browser: Browser;
  try {
    homeTrustingCa(home, caPath);
    browser = await launchBrowser({ env: { ...process.env, HOME: home } });
  } catch (error) {
    await app.stop();
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    origin: `https://localhost:${port}`,
    port,
    caPem,
    browser,
    async close() {
      await browser.close();
      await app.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
