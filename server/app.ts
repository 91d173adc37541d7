// buildApp(config) assembles the whole server and never listens: index.ts listens, tests inject.
import fastifyJwt from '@fastify/jwt';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { registerAuditChain } from './audit/audit-chain';
import { registerPostgresAuditChain } from './audit/audit-chain-postgres';
import { readAuditsSettled } from './audit/read-audit-batch';
import { batchReadAuditsOf } from './audit/record-audit';
import { lookInRequest } from './auth/request-cache-version';
import { createAuditHeadWriter } from './audit/audit-head-writer';
import { createPostgresAuditHeadWriter } from './audit/audit-head-writer-postgres';
import { createBackupSchedule, noBackupSchedule } from './backup/schedule';
import { sweepLeftoversAtStart } from './backup/staging';
import { pruneEndedSessions } from './auth/sessions';
import { defaultSignInLimits, SignInFailures, type SignInLimits } from './auth/sign-in-failures';
import { builtClientDir, registerClientFiles } from './client-files';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { registerApiDescription } from './openapi/register';
import { BlobStore } from './files/blob-store';
import { PostgresBlobStore } from './files/postgres-blob-store';
import { loadDocumentKey } from './files/document-key';
import { knownBlobNames } from './services/documents';
import { loadDiagnosisCatalogIn } from './services/diagnosis-catalog-loader';
import { registerDocumentRoutes } from './rest/documents';
import { registerAuditExport } from './rest/audit-export';
import { registerHealth } from './health';
import { registerPostgresHealth } from './postgres-health';
import { storageRoom, type FreeSpaceReader } from './storage-room';
import { checkIntegrityAtStart, noteDatabaseError } from './db/integrity';
import { checkpointInWorker } from './db/wal-checkpoints';
import { reportAuditGapsTo } from './audit/audit-gaps';
import type { Config } from './config';
import { TRPC_MAX_BATCH } from '../shared/constants';
import type { Db } from './db/client';
import { engineOf, type SqliteEngine } from './db/engine';
import { openPracticeDatabase } from './db/open-practice-database';
import { answerUnknownRoutes, createHttpServer } from './http-server';
import { registerRestRoutes } from './rest/register-rest';
import { restRoutes } from './rest/routes';
import { ensureDataDir, readOrCreateSecret } from './secrets';
import { checkKeysAtStart } from './startup-keys';
import { registerPracticeCaRoute } from './tls/practice-ca-route';
import { readTlsMaterial } from './tls/tls-material';
import type { AppDeps, TokenClaims } from './trpc/context';
import { contextFromRequestFactory } from './trpc/request-context';
import { registerTrpcHttp } from './trpc/http-adapter';
import { appRouter } from './trpc/router';

export interface BuildOptions {
  config: Config;
  /** An open database (tests pass an in-memory one); otherwise DATA_DIR/expediente.db. */
  db?: Db;
  /** The built client; null serves no client (API-only tests). */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  signInLimits?: SignInLimits;
  /** Sign-in and register calls one address may make per window, before any hashing. */
  authFlood?: { max: number; timeWindowMs: number };
  /** The clock, for tests of rules about "today". */
  now?: () => Date;
  /** Tests only: scheduled backups every this many milliseconds instead of BACKUP_EVERY_HOURS. */
  backupIntervalMs?: number;
  /** Tests only: the audit trail's sealed head written every this many milliseconds instead of five minutes. */
  auditHeadIntervalMs?: number;
  /** Tests only: how DATA_DIR's free space is read, since a test cannot fill a real disk. */
  freeSpace?: FreeSpaceReader;
  /**
   * DATA_DIR's lock when the caller holds it already (index.ts: it decides, holding it, whether the
   * practice opens, and a locked server holds it until then); released when the app closes.
   */
  dataDirLock?: DataDirLock;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  ensureDataDir(options.config.dataDir);
  // One server per DATA_DIR (data-dir-lock.ts): whoever opens DATA_DIR's database (which migrates it)
  // and sweeps its blobs holds the lock first. Tests bring their own database and take none.
  const dataDirLock = options.db ? undefined : (options.dataDirLock ?? (await lockDataDir(options.config.dataDir)));
  try {
    // What a killed backup or restore left (a plaintext snapshot, decrypted keys, partial archives).
    if (dataDirLock) await sweepLeftoversAtStart(options.config.dataDir, options.config.backup?.dir);
    return await assembleApp(options, dataDirLock);
  } catch (error) {
    await dataDirLock?.release();
    throw error;
  }
}

async function assembleApp(options: BuildOptions, dataDirLock: DataDirLock | undefined): Promise<FastifyInstance> {
  const { config } = options;
  // Before the database opens: a certificate that cannot be served stops the start with its reason.
  const tls = config.tls ? readTlsMaterial(config.tls) : undefined;
  const db = options.db ?? (await openPracticeDatabase(config));
  const engine = engineOf(db);
  // What only SQLite has (the chain's function, checks, checkpoints, backups of the file) runs on its
  // writer: at start, before anything is served, or beside the server's transactions (health.ts).
  // A clinic network's server on PostgreSQL has none of this: its database is PostgreSQL's to keep.
  const sqliteEngine = engine.name === 'sqlite' ? engine : undefined;
  const writer = sqliteEngine?.writer;
  // Before anything is served or written: a key that rows depend on is never silently replaced (startup-keys.ts).
  const keys = await checkKeysAtStart({ dataDir: config.dataDir, masterKey: config.masterKey, db });
  const jwtSecret = config.jwtSecret ?? readOrCreateSecret(config.dataDir, 'jwt-secret');
  // The audit chain's key lives beside the other secrets, never in the database it protects.
  const auditKey = keys.auditKey;
  // SQLite: on the writer, where every insert into the trail runs in one of its transactions
  // (record-audit.ts). PostgreSQL: computed by the server under the trail's lock (audit-chain-postgres.ts).
  if (writer) registerAuditChain(writer, auditKey);
  else registerPostgresAuditChain(db, auditKey);
  // The server's reads commit their audit events a batch per turn (read-audit-batch.ts).
  batchReadAuditsOf(db);
  const documentKey = () => keys.documentKey ?? loadDocumentKey(config.masterKey, config.dataDir);
  const blobs = writer ? new BlobStore(join(config.dataDir, 'documents'), documentKey) : new PostgresBlobStore(db, documentKey);

  const app = await createHttpServer(config, tls, options.logger);
  // Each request's own place for its first look at the access version (auth/request-cache-version.ts).
  app.addHook('onRequest', (_request, _reply, done) => lookInRequest(done));
  await app.register(fastifyJwt, { secret: jwtSecret });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    // An upload is one file and a comment; a little slack for clients that send extra fields, and
    // every limit answered as 400 by rest/upload-form.ts (parts: the file plus at most five fields).
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 5, fieldSize: 10_000, parts: 6, headerPairs: 20 },
  });

  const deps: AppDeps = {
    db,
    config,
    signToken: (claims) => app.jwt.sign(claims, { expiresIn: `${Math.round(config.sessionHours * 3600)}s` }),
    verifyToken: (token) => app.jwt.verify<TokenClaims>(token),
    signInFailures: new SignInFailures(db, options.signInLimits ?? defaultSignInLimits),
    now: options.now ?? (() => new Date()),
    blobs,
    totpSeal: keys.totpSeal,
    backups:
      config.backup && (writer || config.databaseUrl)
      ? createBackupSchedule({
          config: config.backup,
          dataDir: config.dataDir,
          masterKey: config.masterKey,
          db: writer ?? { databaseUrl: config.databaseUrl! },
          log: app.log,
          now: options.now ?? (() => new Date()),
          intervalMs: options.backupIntervalMs,
        })
      : noBackupSchedule,
    storageRoom: () => storageRoom(config.dataDir, config.maxUploadBytes, options.freeSpace),
  };
  // quick_check before serving (beside it, for a large database): health then tells a damaged database (db/integrity.ts).
  if (writer) {
    const integrity = checkIntegrityAtStart(writer, app.log);
    app.addHook('onClose', async () => integrity.stop());
  }
  // A refusal whose audit event the disk would not take is logged as a gap in the trail (audit/audit-gaps.ts).
  const stopReportingAuditGaps = reportAuditGapsTo(app.log);
  app.addHook('onClose', async () => stopReportingAuditGaps());
  await pruneEndedSessions(db);
  // The diagnosis catalog from CATALOG_DIR, written only when its files changed since the last start.
  if (config.catalogDir) await loadDiagnosisCatalogIn(db, config.catalogDir, app.log);
  if (blobs instanceof BlobStore) {
    // Made at start, not on the first upload, so that its absence later (a disk not mounted) shows in /api/health.
    mkdirSync(blobs.dir, { recursive: true, mode: 0o700 });
    // After a crash: temporary blobs, and blobs whose row was never written, go before we serve.
    await blobs.sweep(await knownBlobNames(db));
  } else {
    await blobs.sweep();
  }
  app.decorate('deps', deps);
  const contextFromRequest = contextFromRequestFactory(app, deps, options.authFlood ?? { max: config.authRequestsPerMinute, timeWindowMs: 60_000 });

  await registerTrpcHttp(app, {
    router: appRouter,
    // A batch is one request that runs many procedures; bounded, so one request cannot run hundreds.
    maxBatchSize: TRPC_MAX_BATCH,
    createContext: contextFromRequest,
    onError: ({ error, path }) => {
      if (writer) noteDatabaseError(writer, error, app.log);
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'procedure failed');
    },
  });

  if (sqliteEngine && blobs instanceof BlobStore) registerHealth(app, sqliteEngine, blobs.dir, deps.storageRoom);
  else registerPostgresHealth(app, db, deps.storageRoom);
  registerPracticeCaRoute(app, { dataDir: config.dataDir, servesPracticeCertificate: Boolean(config.tls?.practiceHost) });
  registerRestRoutes(app, restRoutes, contextFromRequest);
  registerDocumentRoutes(app, contextFromRequest);
  registerAuditExport(app, contextFromRequest);

  const clientDir = options.clientDir === undefined ? builtClientDir() : options.clientDir;
  const servesClient = clientDir ? await registerClientFiles(app, clientDir) : false;
  registerApiDescription(app, { servesClient });

  answerUnknownRoutes(app, { page: servesClient ? (reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html') : undefined });

  // Released last (onClose hooks run last-added first): after the database and every writer in DATA_DIR have stopped.
  if (dataDirLock) app.addHook('onClose', () => dataDirLock.release());
  app.addHook('onClose', async () => {
    // Once the transactions under way have ended: they await between their statements (PostgreSQL's
    // pool waits for its clients itself), and the reads' last audit events have committed.
    await readAuditsSettled(db);
    if (sqliteEngine) (await sqliteEngine.lock.acquire())();
    await engine.close();
  });
  // The WAL is checkpointed by a worker, not inside requests (db/wal-checkpoints.ts); stopped just
  // before the database closes, after the backups (stopping a thread takes a moment, in which a
  // schedule still running would start another backup).
  if (writer) {
    const checkpoints = checkpointInWorker(writer, (message) => app.log.warn({ problem: message }, 'the WAL checkpoint failed'));
    app.addHook('onClose', () => checkpoints.stop());
  }
  // Added after the database's hook so that it runs first (Fastify runs onClose hooks last-added
  // first): a backup in progress finishes before the database closes.
  app.addHook('onClose', () => deps.backups.stop());
  deps.backups.start();
  // The audit trail's sealed head, in DATA_DIR: written now, every five minutes, and at close by a
  // hook added after the database's, so that it runs before the database closes. On PostgreSQL each
  // server of the network seals the one trail into its own DATA_DIR.
  startAuditHead(app, db, sqliteEngine, config.dataDir, auditKey, options.auditHeadIntervalMs);
  return app;
}

function startAuditHead(app: FastifyInstance, db: Db, sqliteEngine: SqliteEngine | undefined, dataDir: string, key: string, intervalMs: number | undefined): void {
  const log = app.log;
  const auditHead = sqliteEngine
    ? createAuditHeadWriter({ sqlite: sqliteEngine.writer, lock: sqliteEngine.lock, dataDir, key, log, intervalMs })
    : createPostgresAuditHeadWriter({ db, dataDir, key, log, intervalMs });
  app.addHook('onClose', async () => auditHead.stop());
  auditHead.start();
}
