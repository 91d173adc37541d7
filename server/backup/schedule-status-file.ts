// The last scheduled backup's outcome, kept in DATA_DIR so that a restart still shows the
// administrator a failure from before it. Written to a temporary file and renamed, so a crash
// mid-write leaves the previous outcome rather than half a file.
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BackupRun } from '../../shared/backup-status';

export const BACKUP_STATUS_FILE = 'backup-status.json';

const isRun = (value: unknown): value is BackupRun => {
  const run = value as Partial<BackupRun> | null;
  return (
    typeof run === 'object' && run !== null &&
    typeof run.at === 'string' && !Number.isNaN(Date.parse(run.at)) &&
    typeof run.ok === 'boolean' &&
    (run.message === null || typeof run.message === 'string') &&
    (run.file === null || typeof run.file === 'string') &&
    (run.bytes === null || typeof run.bytes === 'number')
  );
};

/** The outcome last written, or null when there is none or it cannot be read (it is only a record). */
export function readLastRun(dataDir: string): BackupRun | null {
  try {
    const saved = (JSON.parse(readFileSync(join(dataDir, BACKUP_STATUS_FILE), 'utf8')) as { lastRun?: unknown }).lastRun;
    return isRun(saved) ? saved : null;
  } catch {
    return null;
  }
}

export async function writeLastRun(dataDir: string, lastRun: BackupRun): Promise<void> {
  const file = join(dataDir, BACKUP_STATUS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ lastRun }, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}
