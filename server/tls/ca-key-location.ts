// Where the practice keeps its authority's key (--ca-key): anywhere but DATA_DIR, whose copies
// (a backup of the disk, a folder moved to a new machine) must not carry it, and in a folder that
// already exists, since creating a mistyped or unmounted stick's path would quietly put the key on
// the server's own disk.
import { existsSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { practiceText } from '../practice-messages/practice-text';

/** The path with every link in its existing part resolved, so a link into DATA_DIR is seen for what it is. */
function realLocation(path: string): string {
  let existing = resolve(path);
  const rest: string[] = [];
  while (!existsSync(existing) && dirname(existing) !== existing) {
    rest.unshift(basename(existing));
    existing = dirname(existing);
  }
  return join(realpathSync(existing), ...rest);
}

function isWithin(dir: string, path: string): boolean {
  const fromDir = relative(dir, path);
  return fromDir === '' || (fromDir !== '..' && !fromDir.startsWith(`..${sep}`) && !isAbsolute(fromDir));
}

/** Refuses, before anything is written, a key file the practice could not keep apart from its data. */
export function checkCaKeyLocation(keyFile: string, dataDir: string): void {
  const path = resolve(keyFile);
  if (isWithin(realLocation(dataDir), realLocation(path))) {
    throw new Error(practiceText().tlsCaKeyInsideDataDir({ keyFile: path, dataDir: resolve(dataDir) }));
  }
  if (!existsSync(dirname(path)) || !statSync(dirname(path)).isDirectory()) {
    throw new Error(practiceText().tlsCaKeyFolderMissing({ folder: dirname(path) }));
  }
  if (existsSync(path) && !statSync(path).isFile()) throw new Error(practiceText().tlsCaKeyNotAFile({ keyFile: path }));
}
