// Start: read the configuration, build the app, listen, and close gracefully on a signal.
// buildApp takes DATA_DIR's lock before it opens anything there (data-dir-lock.ts) and releases it
// when the app closes; a second server, or a key missing while data needs it (startup-keys.ts),
// throws from it, and the message is printed with exit code 1.
import { buildApp } from './app';
import { loadConfig } from './config';
import { recordServerAddress } from './data-dir-lock';
import { ensureDataDir } from './secrets';

export async function main(): Promise<void> {
  const config = loadConfig();
  ensureDataDir(config.dataDir);
  const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A port already taken, say: the lock and the database are let go before the message.
    await app.close();
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // Listening on every address, the name to type: the practice certificate's, else this machine's.
  const shownHost = ['0.0.0.0', '::'].includes(config.host) ? (config.tls?.practiceHost ?? 'localhost') : config.host;
  const url = `${config.tls ? 'https' : 'http'}://${shownHost}:${port}`;
  recordServerAddress(config.dataDir, url);
  console.log(`Expediente listening at ${url}`);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing`);
    try {
      await app.close();
    } finally {
      // 1 when the close was forced by a lost DATA_DIR lock (data-dir-lock.ts).
      process.exit(process.exitCode ?? 0);
    }
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
}

const isEntryPoint = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
