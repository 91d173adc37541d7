// Server-side sessions: a token is only as good as its session row, so logout revokes one
// session while the user's other sessions live on.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { inTransaction } from '../db/in-transaction';
import { prepared } from '../db/prepared';
import { deepFreeze } from '../db/versioned-cache';
import { AppError } from '../errors';
import { medics, passkeys, patients, practice, sessions, totpSecrets, users } from '../db/schema/index';
import { keptSession, type KeptSession } from './actor-cache';
import type { Actor } from './actor';

// The caller's shape lives in actor.ts, so the session cache (actor-cache.ts) can name it without a circle.
export type { Actor };

/** After an administrator's reset the user must pick a new password before anything else. */
export function assertPasswordCurrent(actor: Actor): void {
  if (actor.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
}

/** The practice's second-factor policy: a medic it holds back may only set one up. */
export function assertSecondFactorInPlace(actor: Actor): void {
  if (actor.secondFactorMissing) throw new AppError('TWO_FACTOR_REQUIRED');
}

/**
 * A signed-in user free to do their work: password current, second factor in place when the
 * practice asks for one. The one gate of tRPC's procedures, the document routes and the audit export.
 */
export function assertFreeToWork(actor: Actor): void {
  assertPasswordCurrent(actor);
  assertSecondFactorInPlace(actor);
}

/** Writes the session row: in the transaction the caller is in (a sign-in's), else in one of its own. */
export async function createSession(
  db: DbOrTx,
  userId: number,
  options: { hours: number; ip: string | null; userAgent: string | null; now: Date },
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + options.hours * 3_600_000);
  await inTransaction(db, (tx) =>
    tx.insert(sessions).values({
      id: sessionId,
      userId,
      expiresAt: expiresAt.toISOString(),
      lastUsedAt: options.now.toISOString(),
      ip: options.ip,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
    }),
  );
  return { sessionId, expiresAt };
}

// Every signed-in request whose session is not kept in memory starts here: prepared once. Only
// what the access version covers is filtered here; expiry and idleness, which change with the
// clock alone, are checked by findActor on every request.
const selectSession = prepared('sessions.select-session', (db) =>
  db
    .select({
      userId: users.id,
      type: users.type,
      name: users.name,
      lname: users.lname,
      email: users.email,
      phone: users.phone,
      address: users.address,
      sessionId: sessions.id,
      medicId: medics.id,
      patientId: patients.id,
      isAdmin: users.isAdmin,
      mustChangePassword: users.mustChangePassword,
      // Point lookups on the primary key and the user indexes. `exists` is 0/1 on SQLite, a boolean on PostgreSQL.
      totp: sql<number | boolean>`exists (select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${users.id} and ${totpSecrets.confirmedAt} is not null)`,
      passkeys: sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${users.id})`,
      requireTwoFactorForMedics: sql<number>`coalesce((select ${practice.requireTwoFactorForMedics} from ${practice} where ${practice.id} = 1), 0)`,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sql<string>`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(medics, eq(medics.userId, users.id))
    .leftJoin(patients, eq(patients.userId, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        // A disabled (or not yet approved) account has no live session, whatever its tokens say.
        eq(users.status, 'active'),
        isNull(sessions.revokedAt),
      ),
    ),
);

async function loadSession(db: Db, sessionId: string): Promise<KeptSession | null> {
  const row = await selectSession.get(db, { sessionId });
  if (!row) return null;
  const { expiresAt, lastUsedAt, totp, passkeys: passkeyCount, requireTwoFactorForMedics, ...rest } = row;
  const twoFactor = { totp: Boolean(totp), passkeys: passkeyCount };
  // Patients are never held to it: the policy is the practice's rule for its own staff.
  const secondFactorMissing =
    requireTwoFactorForMedics === 1 && rest.type === 'medic' && !twoFactor.totp && twoFactor.passkeys === 0;
  return { actor: deepFreeze({ ...rest, twoFactor, secondFactorMissing }), expiresAt, lastUsedAt };
}

/** The session's last use as the row has it: memory only knows this server's own writes. */
const selectLastUse = prepared('sessions.select-last-use', (db) =>
  db
    .select({ lastUsedAt: sql<string>`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})` })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sessionId'))),
);

const touchSession = prepared('sessions.touch-session', (db) =>
  db
    .update(sessions)
    .set({ lastUsedAt: sql`${sql.placeholder('usedAt')}` })
    .where(eq(sessions.id, sql.placeholder('sessionId'))),
);

/** Last use is written at most this often: an idle limit counted in minutes needs no finer record. */
const LAST_USE_RESOLUTION_MS = 60_000;

export interface SessionClock {
  /** The practice's clock (tests move it). */
  now: Date;
  /** IDLE_MINUTES in milliseconds. */
  idleMs: number;
}

/**
 * The signed-in user of a live session, or null when it is unknown, revoked, expired or idle for
 * longer than the idle limit. Every request resolves its session here, so this is the one place
 * where idleness ends a session, for REST, tRPC and documents alike. The session and its account
 * come from memory while the access version is unchanged (actor-cache.ts); a revocation, a disabled
 * account, a password reset or a new second-factor rule replaces the version, so the very next
 * request reads them again.
 */
export async function findActor(db: Db, sessionId: string, userId: number, clock: SessionClock): Promise<Actor | null> {
  const kept = await keptSession(db, sessionId, () => loadSession(db, sessionId));
  if (!kept || kept.actor.userId !== userId) return null;
  // ISO-8601 text compares as the moments do; expiry is the token's, on the machine's clock.
  if (kept.expiresAt <= new Date().toISOString()) return null;
  // Idle for longer than IDLE_MINUTES: the session ended on the server, whatever the browser does.
  const idleSince = new Date(clock.now.getTime() - clock.idleMs).toISOString();
  if (kept.lastUsedAt <= idleSince) {
    // Another process (a second server on the same file) may have used it since: the row decides.
    const lastUsedAt = (await selectLastUse.get(db, { sessionId }))?.lastUsedAt;
    if (lastUsedAt === undefined || lastUsedAt <= idleSince) return null;
    kept.lastUsedAt = lastUsedAt;
  }
  if (clock.now.getTime() - Date.parse(kept.lastUsedAt) >= LAST_USE_RESOLUTION_MS) {
    const usedAt = clock.now.toISOString();
    // A change of its own (prepared.run opens its transaction).
    await touchSession.run(db, { sessionId, usedAt });
    kept.lastUsedAt = usedAt;
  }
  return kept.actor;
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await inTransaction(db, (tx) =>
    tx
      .update(sessions)
      .set({ revokedAt: new Date().toISOString() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))),
  );
}

/** Every live session of a user, or all but `exceptSessionId` (the one changing its password). */
export async function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: string): Promise<void> {
  await inTransaction(db, (tx) =>
    tx
      .update(sessions)
      .set({ revokedAt: new Date().toISOString() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
        ),
      ),
  );
}

/** Sessions that ended long ago say nothing the audit trail does not; they are dropped at start-up. */
export async function pruneEndedSessions(db: Db, olderThanDays = 30): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanDays * 24 * 3_600_000).toISOString();
  const pruned = await inTransaction(db, (tx) => tx.delete(sessions).where(lt(sessions.expiresAt, cutoff)).returning({ id: sessions.id }));
  return pruned.length;
}
