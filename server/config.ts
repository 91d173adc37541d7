// The environment of API.md "Process and configuration", parsed and checked once at start.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_EMERGENCY_ACCESS_HOURS, DEFAULT_IDLE_MINUTES } from '../shared/constants';
import { MIN_PASSPHRASE_LENGTH } from './backup/passphrase';
import { runtimePaths } from './packaged/runtime-paths';
import { installedPracticeTls } from './tls/practice-tls-files';
import type { TlsConfig } from './tls/tls-config';

const positiveNumber = (fallback: number) => z.coerce.number().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value : undefined));

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    JWT_SECRET: optionalText,
    SESSION_HOURS: positiveNumber(12),
    MAX_UPLOAD_MB: positiveNumber(50),
    AUTH_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
    EMERGENCY_ACCESS_HOURS: positiveNumber(DEFAULT_EMERGENCY_ACCESS_HOURS),
    TRUST_PROXY: optionalText,
    MASTER_KEY: optionalText,
    // The practice passphrase that unwraps the practice key at start (encryption/passphrase-source.ts).
    PASSPHRASE: optionalText,
    PASSPHRASE_FILE: optionalText,
    TLS_CERT: optionalText,
    TLS_KEY: optionalText,
    BACKUP_DIR: optionalText,
    BACKUP_EVERY_HOURS: z.coerce.number().positive().optional(),
    BACKUP_KEEP: z.coerce.number().int().positive().default(14),
    BACKUP_PASSPHRASE: optionalText,
    PRACTICE_NAME: optionalText,
    // The sign-out warning alone lasts a minute, so less than two would leave no quiet time at all.
    IDLE_MINUTES: z.coerce.number().min(2).default(DEFAULT_IDLE_MINUTES),
    CATALOG_DIR: optionalText,
    // A clinic network: the practice's database is this PostgreSQL one, not SQLite in DATA_DIR.
    // (Not checked as a web URL: a standby's is one URL with several hosts, host1:5432,host2:5432.)
    DATABASE_URL: optionalText.refine((url) => url === undefined || /^postgres(ql)?:\/\/\S+$/.test(url), {
      message: 'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/expediente',
    }),
    // The address doctors type (https://consultorio.local:3000): passkeys are bound to its host name.
    PUBLIC_ORIGIN: optionalText.pipe(z.url({ protocol: /^https?$/, message: 'PUBLIC_ORIGIN must be an http(s) URL such as https://consultorio.local:3000' }).optional()),
  })
  .refine((env) => Boolean(env.TLS_CERT) === Boolean(env.TLS_KEY), {
    message: 'TLS_CERT and TLS_KEY must be set together',
    path: ['TLS_CERT'],
  })
  // A scheduled backup nobody can open, or one that is not encrypted, helps no one: refuse to start.
  .refine((env) => !env.BACKUP_DIR || Boolean(env.BACKUP_PASSPHRASE), {
    message: 'BACKUP_DIR is set without BACKUP_PASSPHRASE; scheduled backups are encrypted with it, so set one and keep it apart from the backups',
    path: ['BACKUP_PASSPHRASE'],
  })
  // Refused now rather than by every scheduled run: the administrator would learn of it a day later.
  .refine((env) => !env.BACKUP_DIR || !env.BACKUP_PASSPHRASE || env.BACKUP_PASSPHRASE.length >= MIN_PASSPHRASE_LENGTH, {
    message: `BACKUP_PASSPHRASE must have at least ${MIN_PASSPHRASE_LENGTH} characters: it is all that protects the backups`,
    path: ['BACKUP_PASSPHRASE'],
  })
  // An interval without a directory would leave the practice believing it has backups.
  .refine((env) => Boolean(env.BACKUP_DIR) || env.BACKUP_EVERY_HOURS === undefined, {
    message: 'BACKUP_EVERY_HOURS is set without BACKUP_DIR; set BACKUP_DIR to schedule backups',
    path: ['BACKUP_DIR'],
  });

/** Scheduled backups (server/backup/schedule.ts); only when BACKUP_DIR is set. */
/** Every variable the server reads its configuration from (tests run the server without a developer's own). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

export interface BackupScheduleConfig {
  dir: string;
  everyHours: number;
  /** How many of the schedule's own files to keep; older ones are deleted. */
  keep: number;
  passphrase: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset means: generate once into DATA_DIR. */
  jwtSecret: string | undefined;
  sessionHours: number;
  maxUploadBytes: number;
  /** Sign-in and register calls one address may make a minute, checked before any hashing. */
  authRequestsPerMinute: number;
  masterKey: string | undefined;
  /**
   * Where the practice passphrase comes from at start, first that applies (API.md "Encryption at
   * rest"): PASSPHRASE_FILE (a systemd credential, say), PASSPHRASE; neither, the server starts locked.
   */
  passphraseSource?: { file: string } | { value: string } | undefined;
  /** How long emergency ("break the glass") access lasts; fractions of an hour are fine. */
  emergencyAccessHours: number;
  /**
   * Behind a reverse proxy, whose X-Forwarded-For to believe for the client's address (sign-in
   * limits, audit): false (default), true (any), or the proxies' addresses/CIDRs.
   */
  trustProxy: boolean | string[];
  /** HTTPS: TLS_CERT and TLS_KEY, else the certificate `npm run tls` put in DATA_DIR/tls; undefined, plain HTTP. */
  tls: TlsConfig | undefined;
  /** Unset (or undefined) means no scheduled backups. */
  backup?: BackupScheduleConfig | undefined;
  /** The practice's name on printed summaries; unset, they carry the app's name. */
  practiceName?: string | undefined;
  /** Minutes without a key or pointer in a signed-in browser before it signs out; unset, the default. */
  idleMinutes?: number | undefined;
  /**
   * Where the diagnosis catalog's files are read from at start (services/diagnosis-catalog-loader.ts).
   * Unset, no catalog is loaded and the database keeps the one it holds (tests bring their own).
   */
  catalogDir?: string | undefined;
  /**
   * The origin browsers reach the practice at (PUBLIC_ORIGIN): WebAuthn binds passkeys to its host
   * name (auth/second-factor/relying-party.ts). Unset, it is worked out from the TLS certificate or localhost.
   */
  publicOrigin?: string | undefined;
  /**
   * DATABASE_URL: the PostgreSQL database of a clinic network (db/open-practice-database.ts). Unset,
   * the practice is SQLite in DATA_DIR, as a single practice runs.
   */
  databaseUrl?: string | undefined;
}

/**
 * Where the catalog's files are looked for when CATALOG_DIR is unset, wherever the server is started
 * from (as dist/client is found): the repository's data/catalog (a practice's own copy, git-ignored),
 * then shared/catalog beside the repository, where the steering repository ships the openly licensed
 * files with their licences (developers may not commit fetched data; see docs/clinical.md "The consultation note and the diagnosis catalog").
 */
export const catalogDirCandidates = [
  fileURLToPath(new URL('../data/catalog', import.meta.url)),
  fileURLToPath(new URL('../../shared/catalog', import.meta.url)),
];

/** The first candidate that holds the Spanish catalog; none does, the first, so the warning names it. */
export function defaultCatalogDir(candidates = catalogDirCandidates): string {
  // The packaged binary's own copy, when it was built with one (packaged/runtime-paths.ts).
  if (runtimePaths.catalogDir && candidates === catalogDirCandidates) return runtimePaths.catalogDir;
  return candidates.find((dir) => existsSync(join(dir, 'cie10-es.tsv'))) ?? candidates[0]!;
}

/** 'true' or 'false', or a comma-separated list of proxy addresses or CIDRs (Fastify's trustProxy). */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((part) => part.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    sessionHours: e.SESSION_HOURS,
    maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
    authRequestsPerMinute: e.AUTH_REQUESTS_PER_MINUTE,
    masterKey: e.MASTER_KEY,
    passphraseSource: e.PASSPHRASE_FILE ? { file: e.PASSPHRASE_FILE } : e.PASSPHRASE ? { value: e.PASSPHRASE } : undefined,
    emergencyAccessHours: e.EMERGENCY_ACCESS_HOURS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    tls: e.TLS_CERT && e.TLS_KEY ? { certPath: e.TLS_CERT, keyPath: e.TLS_KEY } : installedPracticeTls(e.DATA_DIR),
    backup:
      e.BACKUP_DIR && e.BACKUP_PASSPHRASE
        ? { dir: e.BACKUP_DIR, everyHours: e.BACKUP_EVERY_HOURS ?? 24, keep: e.BACKUP_KEEP, passphrase: e.BACKUP_PASSPHRASE }
        : undefined,
    practiceName: e.PRACTICE_NAME?.trim(),
    idleMinutes: e.IDLE_MINUTES,
    catalogDir: e.CATALOG_DIR ?? defaultCatalogDir(),
    publicOrigin: e.PUBLIC_ORIGIN?.replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
  };
}
