// The live sessions behind the tokens of recent requests, kept in memory at the access version
// (request-cache-version.ts), so a request does not ask SQLite who its caller is while nothing about
// sessions, accounts or second factors has changed. What changes with time alone (a session's
// expiry, its idle limit) is not part of what is kept: findActor checks it on every request.
import type { Db } from '../db/client';
import { versionedCache } from '../db/versioned-cache';
import { accessVersionAtRequestStart } from './request-cache-version';
import type { Actor } from './actor';

/** A session as kept: its caller (frozen, shared by the requests of that session) and its clocks. */
export interface KeptSession {
  actor: Readonly<Actor>;
  expiresAt: string;
  /**
   * Kept in step with this server's once-a-minute writes; never later than the row's (a write that
   * moves the row's back replaces the access version), so the idle check needs the row only when
   * this says idle.
   */
  lastUsedAt: string;
}

/** Sessions kept per database: those making requests now, not every session of the practice. */
const CACHED_SESSIONS = 1_000;

// A session that is not live (unknown, revoked, its account disabled) is kept as null, so a stale
// token costs no query either until something changes.
const keptSessions = versionedCache<string, KeptSession | null>(CACHED_SESSIONS);

/** The session `sessionId` as of the current access version: from memory, or `load`ed and kept. */
export async function keptSession(db: Db, sessionId: string, load: () => Promise<KeptSession | null>): Promise<KeptSession | null> {
  return keptSessions.at(db, sessionId, await accessVersionAtRequestStart(db), load);
}
