// Start: read the configuration, build the app, listen, and close gracefully on a signal.
import { buildApp } from './app';
import { loadConfig } from './config';
import { ensureDataDir } from './secrets';

export async function main(): Promise<void> {
  const config = loadConfig();
  ensureDataDir(config.dataDir);
  const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  console.log(`Expediente listening at ${config.tls ? 'https' : 'http'}://${shownHost}:${port}`);

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing`);
    await app.close();
    process.exit(0);
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
