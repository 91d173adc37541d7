// Small files in DATA_DIR (keys, the lock's owner) written whole or not at all: a reader, or a crash
// at any moment, finds the old file or the new one, never a part of one. A disk that fills up in the
// middle of the first write leaves no file at all, rather than an empty key that every later start
// would trust.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const tempPrefix = (fileName: string) => `.${fileName}.tmp-`;

export interface AtomicWriteOptions {
  /**
   * Whether the file and its rename are flushed to the disk before returning (the default). A file
   * that means nothing after a power cut (the lock's owner: no server survives one) skips both
   * flushes, which cost tens of milliseconds each on a slow disk; readers still see it whole.
   */
  durable?: boolean;
}

/** Writes to a temporary name beside `path`, flushes it, renames it over `path` and flushes the directory. */
export function writeFileAtomically(path: string, data: string, mode = 0o600, { durable = true }: AtomicWriteOptions = {}): void {
  const dir = dirname(path);
  const temp = join(dir, `${tempPrefix(basename(path))}${randomBytes(6).toString('hex')}`);
  try {
    const fd = openSync(temp, 'wx', mode);
    try {
      const bytes = Buffer.from(data, 'utf8');
      for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written);
      if (durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  // The rename itself must survive a power cut, or the old file (or none) comes back.
  if (durable) syncDirectory(dir);
}

/** Temporary files a crash left behind for these files: they may hold a key that was never put in place. */
export function removeLeftoverTemps(dir: string, fileNames: readonly string[]): void {
  for (const name of readdirSync(dir)) {
    if (fileNames.some((fileName) => name.startsWith(tempPrefix(fileName)))) rmSync(join(dir, name), { force: true });
  }
}

function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
