// `npm run backup` and scheduled backups: one encrypted archive of DATA_DIR (work in progress).
import type Database from 'better-sqlite3';

export interface BackupSummary { file: string; bytes: number; patients: number; documents: number; tables: number; rows: number; ms: number }

export async function createBackup(options: { dataDir: string; outFile: string; passphrase: string; masterKey?: string; db?: Database.Database }): Promise<BackupSummary> {
  throw new Error(`createBackup(${options.outFile}) is not written yet`);
}
