// The scheduled backups' own files in BACKUP_DIR: named by a sortable UTC time, and the oldest
// deleted beyond BACKUP_KEEP. Anything else in the directory (a backup made by hand with
// `npm run backup`, a restored copy, someone's notes) is never touched.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const SCHEDULED_NAME = /^expediente-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.backup$/;

/** e.g. expediente-2026-11-22T08-00-00Z.backup: names sort by time, and colons stay out of file names. */
export function scheduledBackupName(at: Date): string {
  const stamp = at.toISOString().slice(0, 19).replace(/:/g, '-');
  return `expediente-${stamp}Z.backup`;
}

export const isScheduledBackupName = (name: string) => SCHEDULED_NAME.test(name);

/** Deletes the oldest scheduled backups so that `keep` remain; answers the names deleted. */
export async function pruneScheduledBackups(dir: string, keep: number): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const ours = entries
    .filter((entry) => entry.isFile() && isScheduledBackupName(entry.name))
    .map((entry) => entry.name)
    .sort()
    .reverse();
  const surplus = ours.slice(keep);
  for (const name of surplus) await rm(join(dir, name), { force: true });
  return surplus;
}
