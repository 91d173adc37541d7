// How much room DATA_DIR has left, for health and for the upload path: below one upload's worth
// (MAX_UPLOAD_MB) the room is "low", health says so, and an upload is refused with 507 STORAGE_FULL
// before its body is read, rather than half-written and then failed by the disk. The file system is
// read through a reader that buildApp can be given: tests cannot fill a real disk from inside the process.
import { statfsSync } from 'node:fs';

export type StorageStatus = 'ok' | 'low';

/** `freeBytes` null: the file system could not say (the real write then decides, as health's probes do). */
export interface StorageRoom {
  freeBytes: number | null;
  status: StorageStatus;
}

/** Bytes an unprivileged process may still write under `dir`; null when the file system cannot say. */
export type FreeSpaceReader = (dir: string) => number | null;

export const readFreeSpace: FreeSpaceReader = (dir) => {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize;
  } catch {
    return null;
  }
};

export function storageRoom(dataDir: string, maxUploadBytes: number, read: FreeSpaceReader = readFreeSpace): StorageRoom {
  const freeBytes = read(dataDir);
  return { freeBytes, status: freeBytes !== null && freeBytes < maxUploadBytes ? 'low' : 'ok' };
}
