// GET /api/health on PostgreSQL (a clinic network's server): the database takes a real write, as on
// SQLite (health.ts), in a transaction of its own; documents live in the database, so they are there
// when it takes writes. The answer has the same shape as SQLite's, for the same monitors.
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/engine';
import { inTransaction } from './db/in-transaction';
import { rawRun } from './db/raw-sql';
import type { HealthBody } from './health';
import { release } from './release';
import type { StorageRoom } from './storage-room';

async function databaseWrites(db: Db): Promise<boolean> {
  try {
    await inTransaction(db, async (tx) => {
      const at = new Date().toISOString();
      await rawRun(tx, 'insert into health_probe (checked_at) values (?)', [at]);
      await rawRun(tx, 'delete from health_probe where checked_at < ?', [at]);
    });
    return true;
  } catch {
    return false;
  }
}

export function registerPostgresHealth(app: FastifyInstance, db: Db, room: () => StorageRoom): void {
  app.get('/api/health', async (_request, reply) => {
    const storage = room();
    const writable = await databaseWrites(db);
    const body: HealthBody =
      writable && storage.status === 'ok'
        ? { status: 'ok', database: 'writable', documents: 'present', storage: { ...storage, status: 'ok' }, release: release() }
        : { status: 'unavailable', database: writable ? 'writable' : 'unavailable', documents: writable ? 'present' : 'missing', storage, release: release() };
    return reply.code(body.status === 'ok' ? 200 : 503).send(body);
  });
}
