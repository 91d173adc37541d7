// Per-request context: who is calling (from the bearer token and its live session) and from where.
import type { Actor } from '../auth/sessions';
import type { BackupSchedule } from '../backup/schedule';
import { DEFAULT_IDLE_MINUTES } from '../../shared/constants';
import { findActor } from '../auth/sessions';
import { verifiedClaims, type TokenClaims } from '../auth/token-cache';
import type { SignInFailures } from '../auth/sign-in-failures';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { TotpSeal } from '../auth/second-factor/totp-seal';
import type { DocumentBlobs } from '../files/blob-store';
import type { RequestMeta } from '../services/accounts';
import type { StorageRoom } from '../storage-room';

// The token's claims belong to auth/; named here too, beside the AppDeps that sign and verify them.
export type { TokenClaims };

/** Everything a request needs that outlives it; built once by buildApp. */
export interface AppDeps {
  db: Db;
  config: Config;
  signToken: (claims: TokenClaims) => string;
  /** Throws on a bad signature or an expired token. */
  verifyToken: (token: string) => TokenClaims;
  signInFailures: SignInFailures;
  /** The clock; tests move it to check rules about "today". */
  now: () => Date;
  /** Encrypted document blobs under DATA_DIR. */
  blobs: DocumentBlobs;
  /** Seals and opens the TOTP seeds under DATA_DIR/totp-key (auth/second-factor/totp-seal.ts). */
  totpSeal: TotpSeal;
  /** Scheduled backups (BACKUP_DIR), whose last outcome the administrator sees. */
  backups: BackupSchedule;
  /** DATA_DIR's free space now, against one upload's worth (storage-room.ts). */
  storageRoom: () => StorageRoom;
}

export interface Context {
  deps: AppDeps;
  meta: RequestMeta;
  actor: Actor | null;
  /** Throws RATE_LIMITED when this address floods the sign-in and register calls. */
  guardAuthFlood: () => Promise<void>;
  /** How many procedures the HTTP request calls at once (a tRPC batch); 1 for REST and direct calls. */
  batchSize: number;
}

export interface RequestFacts {
  authorization: string | undefined;
  ip: string;
  userAgent: string | null;
  guardAuthFlood?: () => Promise<void>;
  batchSize?: number;
}

async function actorFromAuthorization(deps: AppDeps, authorization: string | undefined): Promise<Actor | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  let claims: TokenClaims;
  try {
    claims = verifiedClaims(deps.verifyToken, match[1]);
  } catch {
    return null;
  }
  const userId = Number(claims.sub);
  if (typeof claims.sid !== 'string' || !Number.isSafeInteger(userId)) return null;
  return await findActor(deps.db, claims.sid, userId, { now: deps.now(), idleMs: (deps.config.idleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000 });
}

/** The context of one request; finding its actor reads the session, so it resolves once that read has. */
export async function createContext(deps: AppDeps, facts: RequestFacts): Promise<Context> {
  return {
    deps,
    meta: { ip: facts.ip, userAgent: facts.userAgent },
    actor: await actorFromAuthorization(deps, facts.authorization),
    guardAuthFlood: facts.guardAuthFlood ?? (async () => {}),
    batchSize: facts.batchSize ?? 1,
  };
}
