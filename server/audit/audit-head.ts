// The audit trail's sealed head: where the chain ended, kept outside the database. The chain alone
// shows a row edited or removed in the middle, but not rows cut from its end, nor every chain value
// nulled (a trail that looks as if it was never sealed): both leave a shorter chain that still
// holds. The head, signed with the audit key and written to DATA_DIR/audit-head, records the newest
// sealed row, its chain value and how many rows lead up to it, so cutting rows up to it shows.
// A clinic network's trail is in PostgreSQL, and each of its servers keeps a head of its own over it
// in its own DATA_DIR (audit-head-writer-postgres.ts): the readers below ending in `In` take either engine.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { engineNameOf, type DbOrTx } from '../db/engine';
import { postgresPlaceholders, rawGet } from '../db/raw-sql';
import { sqliteConnectionOf } from './audit-connection';
import type { AuditProblem } from './audit-problem';
import { practiceText } from '../practice-messages/practice-text';

export const AUDIT_HEAD_FILE = 'audit-head';
const VERSION = 1;
// Distinct from every chain value's input (which starts with a chain value or nothing), so a chain
// value can never pass as a head's signature or the other way round.
const SIGNATURE_CONTEXT = 'expediente audit head\n';

export interface AuditHead {
  /** The newest row that carries a chain. */
  lastId: number;
  /** Rows with id <= lastId, sealed or not: a row removed from anywhere up to lastId lowers it. */
  count: number;
  /** Row lastId's chain value. */
  chain: string;
  /** The first row that carries a chain: nulling the chains of leading rows moves it. */
  firstSealedId: number;
  writtenAt: string;
}

export interface SignedAuditHead extends AuditHead {
  version: number;
  /** HMAC-SHA256 under the audit key of every other field. */
  signature: string;
}

/** The head is itself evidence: one that is malformed or fails its signature was tampered with. */
export class AuditHeadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuditHeadError';
  }
}

/**
 * Rows with id <= `id`, as the whole count less the rows after it: SQLite counts a whole table from
 * its smallest index (a few pages of integers per thousand rows), while `where id <= ?` walks every
 * row of the table itself, seconds on a decade's trail. The rows after `id` are the few written since.
 */
export const COUNT_UP_TO_SQL = '(select count(*) from audit_events) - (select count(*) from audit_events where id > ?)';

/** The first row that carries a chain (the rows before it were written before the chain began). */
const FIRST_SEALED_SQL = 'select id from audit_events where chain is not null order by id limit 1';

/**
 * What a head is judged against, read in one statement (so from one snapshot, on any connection:
 * the server's, or a worker's beside it). Parameters: the head's lastId, three times.
 */
export const HEAD_FACTS_SQL = `select ${COUNT_UP_TO_SQL} as countUpToLast, (${FIRST_SEALED_SQL}) as firstSealedId,
  (select count(*) from audit_events where id = ?) as lastRowExists, (select chain from audit_events where id = ?) as lastRowChain`;

/** The database's side of a head, from HEAD_FACTS_SQL. */
export interface HeadFacts {
  /** Rows with id <= the head's lastId. */
  countUpToLast: number;
  firstSealedId: number | null;
  lastRowExists: number;
  lastRowChain: string | null;
}

export const headFactsParams = (lastId: number) => [lastId, lastId, lastId];

export const readHeadFacts = (sqlite: Database.Database, lastId: number): HeadFacts =>
  sqlite.prepare(HEAD_FACTS_SQL).get(...headFactsParams(lastId)) as HeadFacts;

// PostgreSQL: the same facts, their camelCase names quoted (PostgreSQL folds unquoted names to lower case).
const HEAD_FACTS_POSTGRES = `select ${COUNT_UP_TO_SQL} as "countUpToLast", (${FIRST_SEALED_SQL}) as "firstSealedId",
  (select count(*) from audit_events where id = ?) as "lastRowExists", (select chain from audit_events where id = ?) as "lastRowChain"`;

/** readHeadFacts through the handle, on either engine. */
export const readHeadFactsIn = async (db: DbOrTx, lastId: number): Promise<HeadFacts> =>
  (await rawGet<HeadFacts>(db, { sqlite: HEAD_FACTS_SQL, postgres: postgresPlaceholders(HEAD_FACTS_POSTGRES) }, headFactsParams(lastId)))!;

/** headProblem through the handle, on either engine. */
export async function headProblemIn(db: DbOrTx, head: AuditHead, countUpToLast?: number): Promise<AuditProblem | null> {
  const facts = await readHeadFactsIn(db, head.lastId);
  return judgeHead(head, countUpToLast === undefined ? facts : { ...facts, countUpToLast });
}

/** The head of the trail as it stands; null while no row carries a chain. Read in one transaction. */
export function computeAuditHead(sqlite: Database.Database, now: Date = new Date()): AuditHead | null {
  return sqlite.transaction(() => {
    const last = newestSealedRow(sqlite);
    if (!last) return null;
    const facts = readHeadFacts(sqlite, last.id);
    return headOf(last, facts, now);
  })();
}

const NEWEST_SEALED_SQL = 'select id, chain from audit_events where chain is not null order by id desc limit 1';

/** The newest row that carries a chain: read backwards from the end, so a few rows at most. */
export const newestSealedRow = (sqlite: Database.Database) => sqlite.prepare(NEWEST_SEALED_SQL).get() as { id: number; chain: string } | undefined;

/** newestSealedRow through the handle, on either engine. */
export const newestSealedRowIn = (db: DbOrTx) => rawGet<{ id: number; chain: string }>(db, NEWEST_SEALED_SQL);

/**
 * computeAuditHead through the handle, on either engine. On PostgreSQL the newest row and its facts
 * are two reads: rows appended between them lie after the row the head seals, which they leave as it was.
 */
export async function computeAuditHeadIn(db: DbOrTx, now: Date = new Date()): Promise<AuditHead | null> {
  if (engineNameOf(db) === 'sqlite') return computeAuditHead(sqliteConnectionOf(db), now);
  const last = await newestSealedRowIn(db);
  return last ? headOf(last, await readHeadFactsIn(db, last.id), now) : null;
}

/** The head that seals up to `last`, from the facts read for it. */
export const headOf = (last: { id: number; chain: string }, facts: HeadFacts, now: Date = new Date()): AuditHead => ({
  lastId: last.id,
  count: facts.countUpToLast,
  chain: last.chain,
  firstSealedId: facts.firstSealedId ?? last.id,
  writtenAt: now.toISOString(),
});

/**
 * What the database lacks of the head, or null when it still holds it (and possibly more rows
 * after it). A few reads by id and a count from the smallest index, not the whole chain: cheap
 * enough to run before a head is written. The rows' contents are the chain's business
 * (verifyAuditChain runs both). `countUpToLast`: the rows up to the head, when the caller has
 * already counted them (the whole chain's walk does).
 */
export function headProblem(sqlite: Database.Database, head: AuditHead, countUpToLast?: number): AuditProblem | null {
  const facts = readHeadFacts(sqlite, head.lastId);
  return judgeHead(head, countUpToLast === undefined ? facts : { ...facts, countUpToLast });
}

/** headProblem's verdict on facts read wherever (a worker reads them off the server's thread). */
export function judgeHead(head: AuditHead, facts: HeadFacts): AuditProblem | null {
  const text = practiceText();
  const { writtenAt, lastId, firstSealedId } = head;
  const first = facts.firstSealedId;
  if (first === null) return { kind: 'unsealed', message: text.headNothingChained({ writtenAt, firstSealedId }) };
  if (first !== firstSealedId) return { kind: 'unsealed', message: text.headFirstSealedMoved({ writtenAt, first, firstSealedId }) };
  if (!facts.lastRowExists) return { kind: 'cut', message: text.headRowGone({ writtenAt, lastId }) };
  if (facts.lastRowChain !== head.chain) return { kind: 'altered', message: text.headRowDiffers({ writtenAt, lastId }) };
  if (facts.countUpToLast !== head.count) {
    return { kind: 'cut', message: text.headCountDiffers({ writtenAt, lastId, count: facts.countUpToLast, counted: head.count }) };
  }
  return null;
}

const signatureOf = (head: AuditHead, key: string): string =>
  createHmac('sha256', key)
    .update(SIGNATURE_CONTEXT + JSON.stringify([VERSION, head.lastId, head.count, head.chain, head.firstSealedId, head.writtenAt]))
    .digest('hex');

export const signAuditHead = (head: AuditHead, key: string): SignedAuditHead => ({ version: VERSION, ...head, signature: signatureOf(head, key) });

/** The head inside a signed one, once its shape and signature hold; AuditHeadError otherwise. */
export function openAuditHead(value: unknown, key: string): AuditHead {
  const signed = value as Partial<SignedAuditHead> | null;
  const wellFormed =
    typeof signed === 'object' && signed !== null && signed.version === VERSION &&
    Number.isSafeInteger(signed.lastId) && Number.isSafeInteger(signed.count) && Number.isSafeInteger(signed.firstSealedId) &&
    typeof signed.chain === 'string' && typeof signed.writtenAt === 'string' && typeof signed.signature === 'string';
  if (!wellFormed) throw new AuditHeadError(practiceText().headMalformed);
  const head: AuditHead = { lastId: signed.lastId!, count: signed.count!, chain: signed.chain!, firstSealedId: signed.firstSealedId!, writtenAt: signed.writtenAt! };
  const expected = Buffer.from(signatureOf(head, key), 'hex');
  const given = Buffer.from(signed.signature!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AuditHeadError(practiceText().headForged);
  }
  return head;
}

/** DATA_DIR's head, checked; null when none was written yet. */
export function readAuditHead(dataDir: string, key: string): AuditHead | null {
  let text: string;
  try {
    text = readFileSync(join(dataDir, AUDIT_HEAD_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AuditHeadError(practiceText().headMalformed);
  }
  return openAuditHead(value, key);
}

/**
 * Replaces DATA_DIR's head atomically: a temporary file beside it, flushed, renamed over it, and the
 * directory flushed, so a crash leaves the old head or the new one, never half of one.
 */
export function writeAuditHead(dataDir: string, signed: SignedAuditHead): void {
  const temp = join(dataDir, `.${AUDIT_HEAD_FILE}.${randomBytes(6).toString('hex')}`);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    try {
      writeFileSync(fd, `${JSON.stringify(signed)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, join(dataDir, AUDIT_HEAD_FILE));
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  const dir = openSync(dataDir, 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}
