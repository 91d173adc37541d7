// Server-side sessions: a token is only as good as its session row, so logout revokes one
// session while the user's other sessions live on.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { preparedPerConnection } from '../db/prepared';
import { AppError } from '../errors';
import { medics, patients, sessions, users } from '../db/schema/index';

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
}

/** After an administrator's reset the user must pick a new password before anything else. */
export function assertPasswordCurrent(actor: Actor): void {
  if (actor.mustChangePassword) throw new AppError('PASSWORD_CHANGE_REQUIRED');
}

export function createSession(
  db: DbOrTx,
  userId: number,
  options: { hours: number; ip: string | null; userAgent: string | null },
): { sessionId: string; expiresAt: Date } {
  const sessionId = randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + options.hours * 3_600_000);
  db.insert(sessions)
    .values({ id: sessionId, userId, expiresAt: expiresAt.toISOString(), ip: options.ip, userAgent: options.userAgent?.slice(0, 300) ?? null })
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
      ),
    )
    .prepare(),
);

/** The signed-in user of a live session, or null when it is unknown, revoked or expired. */
export function findActor(db: Db, sessionId: string, userId: number): Actor | null {
  return selectActor(db).get({ sessionId, userId, now: new Date().toISOString() }) ?? null;
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
