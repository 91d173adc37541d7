// Server-side sessions: a token is only as good as its session row, so logout revokes one
// session while the user's other sessions live on.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, gt, lt, ne, sql } from 'drizzle-orm';
import type { TwoFactorState } from '../../shared/second-factor';
import type { Db, DbOrTx } from '../db/client';
import { preparedPerConnection } from '../db/prepared';
import { AppError } from '../errors';
import { medics, passkeys, patients, practice, sessions, totpSecrets, users } from '../db/schema/index';

export interface Actor {
  userId: number;
  type: 'patient' | 'medic';
  name: string;
  lname: string;
  email: string;
  phone: string | null;
  address: string | null;
  sessionId: string;
  /** Set for medics: their row in medics. */
  medicId: number | null;
  /** Set for patients: their own record. */
  patientId: number | null;
  isAdmin: boolean;
  mustChangePassword: boolean;
  /** The second factors the account has (User.twoFactor). */
  twoFactor: TwoFactorState;
  /**
   * The practice requires a second factor of medics and this medic has none: until one is set up,
   * only the profile, logout, change-password and the setup calls answer (API.md, issue 23).
   */
  secondFactorMissing: boolean;
}

/** After an administrator's reset the user must pick a new password before anything else. */
export function assertPasswordCurrent(actor: Actor): void {
  if (actor.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
}

/** The practice's second-factor policy (issue 23): a medic it holds back may only set one up. */
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

export function createSession(
  db: DbOrTx,
  userId: number,
  options: { hours: number; ip: string | null; userAgent: string | null; now: Date },
): { sessionId: string; expiresAt: Date } {
  const sessionId = randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + options.hours * 3_600_000);
  db.insert(sessions)
    .values({
      id: sessionId,
      userId,
      expiresAt: expiresAt.toISOString(),
      lastUsedAt: options.now.toISOString(),
      ip: options.ip,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
    })
    .run();
  return { sessionId, expiresAt };
}

// Every signed-in request starts here, so the statement is prepared once.
const selectActor = preparedPerConnection((db) =>
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
      // Point lookups on the primary key and the user indexes: cheap enough for every request.
      totp: sql<number>`exists (select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${users.id} and ${totpSecrets.confirmedAt} is not null)`,
      passkeys: sql<number>`(select count(*) from ${passkeys} where ${passkeys.userId} = ${users.id})`,
      requireTwoFactorForMedics: sql<number>`coalesce((select ${practice.requireTwoFactorForMedics} from ${practice} where ${practice.id} = 1), 0)`,
      lastUsedAt: sql<string>`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(medics, eq(medics.userId, users.id))
    .leftJoin(patients, eq(patients.userId, users.id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        // A disabled (or not yet approved) account has no live session, whatever its tokens say.
        eq(users.status, 'active'),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // Idle for longer than IDLE_MINUTES: the session ended on the server, whatever the browser does.
        gt(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt})`, sql.placeholder('idleSince')),
      ),
    )
    .prepare(),
);

const touchSession = preparedPerConnection((db) =>
  db
    .update(sessions)
    .set({ lastUsedAt: sql`${sql.placeholder('usedAt')}` })
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare(),
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
 * where idleness ends a session, for REST, tRPC and documents alike.
 */
export function findActor(db: Db, sessionId: string, userId: number, clock: SessionClock): Actor | null {
  const idleSince = new Date(clock.now.getTime() - clock.idleMs).toISOString();
  const row = selectActor(db).get({ sessionId, userId, now: new Date().toISOString(), idleSince });
  if (!row) return null;
  const { lastUsedAt, totp, passkeys: passkeyCount, requireTwoFactorForMedics, ...rest } = row;
  if (clock.now.getTime() - Date.parse(lastUsedAt) >= LAST_USE_RESOLUTION_MS) {
    touchSession(db).run({ sessionId, usedAt: clock.now.toISOString() });
  }
  const twoFactor = { totp: totp === 1, passkeys: passkeyCount };
  // Patients are never held to it: the policy is the practice's rule for its own staff.
  const secondFactorMissing =
    requireTwoFactorForMedics === 1 && rest.type === 'medic' && !twoFactor.totp && twoFactor.passkeys === 0;
  return { ...rest, twoFactor, secondFactorMissing };
}

export function revokeSession(db: DbOrTx, sessionId: string): void {
  db.update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .run();
}

/** Every live session of a user, or all but `exceptSessionId` (the one changing its password). */
export function revokeUserSessions(db: DbOrTx, userId: number, exceptSessionId?: string): void {
  db.update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .run();
}

/** Sessions that ended long ago say nothing the audit trail does not; they are dropped at start-up. */
export function pruneEndedSessions(db: Db, olderThanDays = 30): number {
  const cutoff = new Date(Date.now() - olderThanDays * 24 * 3_600_000).toISOString();
  return db.delete(sessions).where(lt(sessions.expiresAt, cutoff)).run().changes;
}
