// The practice's database at start: PostgreSQL when DATABASE_URL names one (a clinic network, several
// servers on one database), else SQLite in DATA_DIR (one practice, the default). Either is migrated
// before anything is served.
import { join } from 'node:path';
import { openDatabase } from './client';
import type { Db } from './engine';
import { openPostgres } from './postgres-engine';

export async function openPracticeDatabase(config: { dataDir: string; databaseUrl?: string | undefined }): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openDatabase(join(config.dataDir, 'expediente.db'));
}
