// Where a test looks at the documents' stored blobs: files under DATA_DIR/documents on SQLite (with
// any temporary file an upload left), rows of document_blobs on PostgreSQL (postgres-blob-store.ts).
// The same questions — which blobs are there, what bytes does one hold — on both engines.
import type { FastifyInstance } from 'fastify';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineNameOf } from '../db/engine';
import { rawGet, rawRows, rawRun } from '../db/raw-sql';

const onPostgres = (app: FastifyInstance) => engineNameOf(app.deps.db) === 'postgres';
const documentsDir = (app: FastifyInstance) => app.deps.blobs.dir ?? join(app.deps.config.dataDir, 'documents');

/** The names of every stored blob (and, on SQLite, of every file documents/ holds), sorted. */
export async function storedBlobNames(app: FastifyInstance): Promise<string[]> {
  if (onPostgres(app)) return (await rawRows<{ name: string }>(app.deps.db, 'select name from document_blobs order by name')).map(({ name }) => name);
  try {
    return readdirSync(documentsDir(app)).sort();
  } catch {
    return [];
  }
}

/** The stored (encrypted) bytes of one blob. */
export async function readStoredBlob(app: FastifyInstance, name: string): Promise<Buffer> {
  if (!onPostgres(app)) return readFileSync(join(documentsDir(app), name));
  const row = await rawGet<{ content: Buffer }>(app.deps.db, 'select content from document_blobs where name = ?', [name]);
  if (!row) throw new Error(`no stored blob ${name}`);
  return row.content;
}

/** Overwrites one stored blob's bytes, as damage or tampering would. */
export async function writeStoredBlob(app: FastifyInstance, name: string, bytes: Buffer): Promise<void> {
  if (!onPostgres(app)) return writeFileSync(join(documentsDir(app), name), bytes);
  const { changes } = await rawRun(app.deps.db, 'update document_blobs set content = ? where name = ?', [bytes, name]);
  if (changes !== 1) throw new Error(`no stored blob ${name}`);
}
