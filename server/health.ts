// GET /api/health: whether this server can do its work — the database takes writes and the
// documents directory is there — for a monitor or a practice's uptime check. It says which of the
// two failed and nothing more: no paths, no error texts (it answers without authentication).
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { accessSync, constants, statSync } from 'node:fs';

export type HealthBody =
  | { status: 'ok'; database: 'writable'; documents: 'present' }
  | { status: 'unavailable'; database: 'writable' | 'unavailable'; documents: 'present' | 'missing' };

function databaseWritable(sqlite: Database.Database, statements: { begin: Database.Statement; rollback: Database.Statement }): boolean {
  if (!sqlite.open || sqlite.readonly) return false;
  // Taking the write lock and letting it go writes nothing, yet fails on a read-only or locked file.
  if (sqlite.inTransaction) return true;
  try {
    statements.begin.run();
    statements.rollback.run();
    return true;
  } catch {
    if (sqlite.inTransaction) statements.rollback.run();
    return false;
  }
}

function directoryPresent(dir: string): boolean {
  try {
    // Present and writable: an upload must be able to land in it.
    accessSync(dir, constants.W_OK | constants.X_OK);
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

export function checkHealth(sqlite: Database.Database, statements: { begin: Database.Statement; rollback: Database.Statement }, documentsDir: string): HealthBody {
  const database = databaseWritable(sqlite, statements) ? 'writable' : 'unavailable';
  const documents = directoryPresent(documentsDir) ? 'present' : 'missing';
  return database === 'writable' && documents === 'present'
    ? { status: 'ok', database, documents }
    : { status: 'unavailable', database, documents };
}

export function registerHealth(app: FastifyInstance, sqlite: Database.Database, documentsDir: string): void {
  const statements = { begin: sqlite.prepare('BEGIN IMMEDIATE'), rollback: sqlite.prepare('ROLLBACK') };
  app.get('/api/health', async (_request, reply) => {
    const body = checkHealth(sqlite, statements, documentsDir);
    return reply.code(body.status === 'ok' ? 200 : 503).send(body);
  });
}
