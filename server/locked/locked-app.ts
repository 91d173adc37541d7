// The server of a locked practice (API.md "Encryption at rest"): it listens where the practice's own
// app will (the same port, host, HTTPS and security headers: http-server.ts), serves the web app and
// the practice's certificate authority, and opens nothing in DATA_DIR but the practice key file.
// GET /api/health answers 503 {status: "locked", setup}, every other API call 503 LOCKED, and the
// only door is POST /api/unlock (or /api/unlock/setup for a new practice: unlock-routes.ts). Once
// it has opened, `opened` resolves with the master key, and index.ts closes this server and starts
// the practice's app in its place.
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { LockedHealthBody } from '../../shared/practice-lock';
import { builtClientDir, registerClientFiles } from '../client-files';
import type { Config } from '../config';
import type { Argon2Params } from '../encryption/practice-key';
import type { PracticeAtStart } from '../encryption/practice-at-start';
import { answerUnknownRoutes, createHttpServer } from '../http-server';
import { release } from '../release';
import { toErrorBody } from '../error-body';
import { registerPracticeCaRoute } from '../tls/practice-ca-route';
import { readTlsMaterial } from '../tls/tls-material';
import { lockedPage } from './locked-page';
import { UnlockAttempts, type UnlockLimits } from './unlock-attempts';
import type { UnlockEvents } from './unlock-events';
import { registerSetUpRoute, registerUnlockRoute, type OpenedPractice } from './unlock-routes';

export type LockedPractice = Extract<PracticeAtStart, { state: 'locked' } | { state: 'to-set-up' }>;

export interface LockedAppOptions {
  config: Config;
  practice: LockedPractice;
  /** Where the attempts wait for the trail of the opened practice (started with the configured passphrase's, if it failed). */
  events: UnlockEvents;
  /** The built client; null serves none (API-only tests). */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /** Tests only: other limits on wrong attempts. */
  limits?: UnlockLimits;
  /** Tests only: lighter argon2 for the key a set-up makes. */
  argon2?: Argon2Params;
}

export interface LockedApp {
  app: FastifyInstance;
  /** Resolves once the right passphrase or recovery key was given, or a new practice was set up. */
  opened: Promise<OpenedPractice>;
}

const LOCKED_MESSAGE = 'The practice is locked: its data stay encrypted until it is opened with its passphrase or recovery key (POST /api/unlock).';
const TO_SET_UP_MESSAGE = 'The practice is new: choose its passphrase first (POST /api/unlock/setup).';

export async function buildLockedApp(options: LockedAppOptions): Promise<LockedApp> {
  const { config, practice, events } = options;
  const tls = config.tls ? readTlsMaterial(config.tls) : undefined;
  const app = await createHttpServer(config, tls, options.logger);
  const setUp = practice.state === 'to-set-up';

  let settled = false;
  let open!: (opened: OpenedPractice) => void;
  const opened = new Promise<OpenedPractice>((resolve) => (open = resolve));
  const door = {
    events,
    isSettled: () => settled,
    open: (key: OpenedPractice) => {
      settled = true;
      open(key);
    },
  };

  app.get('/api/health', async (_request, reply) =>
    reply
      .code(503)
      .header('cache-control', 'no-store')
      .send({ status: 'locked', setup: setUp, release: release() } satisfies LockedHealthBody),
  );
  if (practice.state === 'to-set-up') registerSetUpRoute(app, { ...door, dataDir: config.dataDir, argon2: options.argon2 });
  else registerUnlockRoute(app, { ...door, keyFile: practice.keyFile, attempts: new UnlockAttempts(options.limits) });
  // A device installs the practice's authority before it trusts HTTPS, locked or not.
  registerPracticeCaRoute(app, { dataDir: config.dataDir, servesPracticeCertificate: Boolean(config.tls?.practiceHost) });

  const clientDir = options.clientDir === undefined ? builtClientDir() : options.clientDir;
  const page = clientDir ? lockedPage(clientDir, setUp ? 'setup' : 'locked') : undefined;
  if (clientDir && page) await registerClientFiles(app, clientDir, { withoutIndex: true });
  answerUnknownRoutes(app, {
    // Never kept by the browser: once open, the same address serves the app's own page.
    page: page ? (reply) => reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page) : undefined,
    api: (_request, reply) => reply.code(503).send(toErrorBody({ code: 'LOCKED', status: 503, message: setUp ? TO_SET_UP_MESSAGE : LOCKED_MESSAGE })),
  });
  return { app, opened };
}
