// SQL written as text, for the few queries drizzle's builder does not express well (a review page's
// filters combined at will, counts over a window). One text serves both engines where their SQL
// agrees — `?` placeholders become PostgreSQL's `$1, $2…` — and two texts side by side where it does not.
import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import { engineNameOf, type DbOrTx } from './engine';
import { inTransaction, insideTransaction } from './in-transaction';
import { connectionOf } from './prepared';
import type { SqliteRouter } from './sqlite-router';

export type EngineText = string | { sqlite: string; postgres: string };

const textFor = (db: DbOrTx, text: EngineText): string =>
  typeof text === 'string' ? (engineNameOf(db) === 'sqlite' ? text : postgresPlaceholders(text)) : engineNameOf(db) === 'sqlite' ? text.sqlite : text.postgres;

const postgresTexts = new Map<string, string>();

/** `?` outside quoted text becomes `$n`, counted from 1 (kept: the texts come from the code). */
export function postgresPlaceholders(text: string): string {
  let converted = postgresTexts.get(text);
  if (converted !== undefined) return converted;
  let n = 0;
  let quote: string | null = null;
  converted = '';
  for (const character of text) {
    if (quote) {
      if (character === quote) quote = null;
      converted += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      converted += character;
    } else converted += character === '?' ? `$${++n}` : character;
  }
  postgresTexts.set(text, converted);
  return converted;
}

type PostgresRouter = { query: (text: string, params: unknown[]) => Promise<pg.QueryResult> };

export async function rawRows<Row>(db: DbOrTx, text: EngineText, params: unknown[] = []): Promise<Row[]> {
  const sql = textFor(db, text);
  if (engineNameOf(db) === 'sqlite') return (connectionOf(db) as SqliteRouter).prepare(sql).all(...params) as Row[];
  return (await (connectionOf(db) as PostgresRouter).query(sql, params)).rows as Row[];
}

export async function rawGet<Row>(db: DbOrTx, text: EngineText, params: unknown[] = []): Promise<Row | undefined> {
  return (await rawRows<Row>(db, text, params))[0];
}

/**
 * Runs a change written as text; resolves with how many rows it changed. Outside a transaction it is
 * a transaction of its own (SQLite's reader takes no writes).
 */
export async function rawRun(db: DbOrTx, text: EngineText, params: unknown[] = []): Promise<{ changes: number }> {
  if (!insideTransaction(db)) return inTransaction(db, () => rawRun(db, text, params));
  const sql = textFor(db, text);
  if (engineNameOf(db) === 'sqlite') return { changes: (connectionOf(db) as SqliteRouter).prepare(sql).run(...params).changes };
  return { changes: (await (connectionOf(db) as PostgresRouter).query(sql, params)).rowCount ?? 0 };
}

/** The rows of a drizzle `sql` query, rendered by the engine's own dialect. */
export async function sqlRows<Row>(db: DbOrTx, query: SQL): Promise<Row[]> {
  if (engineNameOf(db) === 'sqlite') return db.all(query) as Row[];
  const pgDb = db as unknown as { execute(query: SQL): Promise<{ rows: unknown[] }> };
  return (await pgDb.execute(query)).rows as Row[];
}

/** The first row of a drizzle `sql` query, or undefined. */
export async function sqlGet<Row>(db: DbOrTx, query: SQL): Promise<Row | undefined> {
  return (await sqlRows<Row>(db, query))[0];
}

/** Runs a drizzle `sql` change; outside a transaction, in one of its own. */
export async function sqlRun(db: DbOrTx, query: SQL): Promise<void> {
  if (!insideTransaction(db)) return inTransaction(db, () => sqlRun(db, query));
  if (engineNameOf(db) === 'sqlite') db.run(query);
  else await (db as unknown as { execute(query: SQL): Promise<unknown> }).execute(query);
}
