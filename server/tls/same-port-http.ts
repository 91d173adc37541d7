// Plain HTTP on the HTTPS port. A practice types "consultorio.local:3000" and the browser tries
// http:// first: rather than a second port to remember (or a connection that just fails), the one
// port looks at the first byte each client sends. A TLS handshake starts with 0x16, which no HTTP
// request line does; those connections go on to the HTTPS server exactly as if it had accepted
// them itself, and the rest go to a plain HTTP server whose requests the caller answers (with a
// redirect to HTTPS, see https-redirect.ts). The sockets are handed over, not proxied, as
// Node documents for injecting connections ('connection' events of tls.Server and http.Server).
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';

const TLS_HANDSHAKE_RECORD = 0x16;
/** As long as Node's TLS server gives a client to finish its handshake; browsers open connections ahead of use. */
const FIRST_BYTE_TIMEOUT_MS = 120_000;
/** A plain connection carries one request for a redirect (or the authority's certificate); one that lingers is closed. */
const PLAIN_IDLE_TIMEOUT_MS = 10_000;
/**
 * And one that trickles a byte now and then to stay under the idle timeout is closed all the same:
 * Node's header and request timeouts run only for servers that listen, and this one never does.
 */
const PLAIN_CONNECTION_MAX_MS = 30_000;

export interface SamePortPlainHttp {
  /** Whether a request's socket arrived as plain HTTP on the HTTPS port. */
  isPlain(socket: Socket): boolean;
  /**
   * Ends the connections the HTTPS server does not know about (still silent, or plain): its own
   * close ends only its idle TLS connections, and would otherwise wait for these.
   */
  closeConnections(): void;
}

const ignoreError = () => {
  // A client that resets before saying anything: nothing to answer, and no crash for an unheard error.
};

export function answerPlainHttpOnSamePort(server: HttpsServer, onPlainRequest: RequestListener): SamePortPlainHttp {
  // The TLS server starts a handshake from its 'connection' listener; it now runs only for TLS.
  const startTls = server.listeners('connection') as ((socket: Socket) => void)[];
  if (startTls.length === 0) throw new Error('the HTTPS server has no connection listener to hand TLS connections to');
  for (const listener of startTls) server.removeListener('connection', listener);

  const plainServer = createHttpServer(onPlainRequest);
  plainServer.setTimeout(PLAIN_IDLE_TIMEOUT_MS);
  const plainSockets = new WeakSet<Socket>();
  const notHandedToTls = new Set<Socket>();

  server.on('connection', (socket: Socket) => {
    notHandedToTls.add(socket);
    socket.once('close', () => notHandedToTls.delete(socket));
    socket.on('error', ignoreError);
    const silent = () => socket.destroy();
    socket.setTimeout(FIRST_BYTE_TIMEOUT_MS);
    socket.once('timeout', silent);

    const dispatch = () => {
      const bytes = socket.read() as Buffer | null;
      if (bytes === null) {
        socket.once('readable', dispatch);
        return;
      }
      socket.setTimeout(0);
      socket.removeListener('timeout', silent);
      socket.removeListener('error', ignoreError);
      // Put back what was read: the server it goes to reads the connection from its first byte.
      socket.unshift(bytes);
      if (bytes[0] === TLS_HANDSHAKE_RECORD) {
        notHandedToTls.delete(socket);
        for (const listener of startTls) listener.call(server, socket);
      } else {
        plainSockets.add(socket);
        const lifetime = setTimeout(() => socket.destroy(), PLAIN_CONNECTION_MAX_MS).unref();
        socket.once('close', () => clearTimeout(lifetime));
        plainServer.emit('connection', socket);
      }
    };
    dispatch();
  });

  return {
    isPlain: (socket) => plainSockets.has(socket),
    closeConnections: () => {
      for (const socket of notHandedToTls) socket.destroy();
      notHandedToTls.clear();
    },
  };
}
