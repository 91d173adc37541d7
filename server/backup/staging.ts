// Where backup and restore do their work: private directories (mode 0700, files 0600) named after the
// process that made them, and archives written under a temporary name beside their target. A backup
// stages a copy of the database (in the clear only for a plain practice) and links to the blobs; a
// restore, the database (briefly in the clear only from an archive of a plain practice); `npm run
// encrypt`, the copy of the database it encrypts. Each removes
// their staging on success and on failure; what a crash (kill -9, a power cut) leaves is removed by
// the next start, backup or restore — only once the process that made it is gone, so a backup
// running beside the server is never swept from under it.
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export type StagingKind = 'backup' | 'restore' | 'encrypt';

/** `.backup-<pid>-XXXXXX`, `.restore-<pid>-XXXXXX`, `.encrypt-<pid>-XXXXXX`, `.<archive>.partial-<pid>-<hex>`. */
const STAGING = /^\.(?:backup|restore|encrypt)-(?:(\d+)-)?/;
const PARTIAL = /^\..+\.partial-(?:(\d+)-)?[0-9a-f]+$/;

/** A new private staging directory in `parent`, named after this process. */
export async function makeStagingDir(parent: string, kind: StagingKind): Promise<string> {
  const dir = await mkdtemp(join(parent, `.${kind}-${process.pid}-`));
  // mkdtemp already makes it 0700; said again so that no umask or platform can loosen it.
  await chmod(dir, 0o700);
  return dir;
}

/** The temporary name an archive is written under before it is renamed to `outFile`. */
export const partialArchivePath = (outFile: string): string =>
  join(dirname(outFile), `.${basename(outFile)}.partial-${process.pid}-${randomBytes(6).toString('hex')}`);

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in a staging or partial name; null for names that are not ours, undefined for ones without a pid (older versions). */
function ownerOf(name: string): number | null | undefined {
  const match = STAGING.exec(name) ?? PARTIAL.exec(name);
  if (!match) return null;
  return match[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Removes the staging directories and partial archives in `dir` whose process is gone (names from
 * before staging carried a pid count as gone). Returns what it removed; a missing `dir` has none.
 */
export async function sweepStaging(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
  const leftovers = names.filter((name) => {
    const owner = ownerOf(name);
    return owner !== null && (owner === undefined || !isRunning(owner));
  });
  await Promise.all(leftovers.map((name) => rm(join(dir, name), { recursive: true, force: true })));
  return leftovers.map((name) => join(dir, name));
}

/**
 * At a server's start: a killed backup's staging in DATA_DIR, a killed restore's beside it, and
 * partial archives of the scheduled backups.
 */
export async function sweepLeftoversAtStart(dataDir: string, backupDir: string | undefined): Promise<string[]> {
  const dirs = [dataDir, dirname(resolve(dataDir)), ...(backupDir ? [backupDir] : [])];
  return (await Promise.all(dirs.map((dir) => sweepStaging(dir)))).flat();
}
