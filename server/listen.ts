// Listening, for the practice's app and for a locked server alike: the port and host of the
// configuration (or, when a locked server hands over, the port it had), the address recorded for a
// second server's message (data-dir-lock.ts), and the line that says where it serves. Test harnesses
// and the packaging's code-cache recording wait for that line: it is printed each time a server
// listens, once for a practice that opens at start, twice for one that was locked first.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { recordServerAddress } from './data-dir-lock';

export const listeningLine = (url: string): string => `Expediente listening at ${url}`;

export async function listenAndSay(app: FastifyInstance, config: Config, port: number): Promise<{ url: string; port: number }> {
  try {
    await app.listen({ port, host: config.host });
  } catch (error) {
    // A port already taken, say: what the app opened is let go before the message.
    await app.close();
    throw error;
  }
  const address = app.server.address();
  const listeningPort = typeof address === 'object' && address ? address.port : port;
  // Listening on every address, the name to type: the practice certificate's, else this machine's.
  const shownHost = ['0.0.0.0', '::'].includes(config.host) ? (config.tls?.practiceHost ?? 'localhost') : config.host;
  const url = `${config.tls ? 'https' : 'http'}://${shownHost}:${listeningPort}`;
  recordServerAddress(config.dataDir, url);
  console.log(listeningLine(url));
  return { url, port: listeningPort };
}
