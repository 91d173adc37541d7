// Blobs are files outside the database: no transaction keeps the server from deleting a blob the
// snapshot names before it is copied (it deletes the row, then the blob). So a backup pins them by
// hard links in its staging directory, which keep their bytes however the server unlinks them (a
// blob never changes in place: it is written under a temporary name, then renamed).
import { existsSync, linkSync, watch } from 'node:fs';
import { link, readdir } from 'node:fs/promises';
import { join } from 'node:path';

const BLOB_NAME = /^[0-9a-f]{32}$/;

export async function listBlobs(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, 'documents'))).filter((name) => BLOB_NAME.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Hard-links each blob not yet pinned into `pinned`; returns the names that were gone before they could be. */
export async function pinBlobs(dataDir: string, pinned: string, blobNames: string[]): Promise<string[]> {
  const gone: string[] = [];
  for (const blobName of blobNames) {
    try {
      await link(join(dataDir, 'documents', blobName), join(pinned, blobName));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        // Deleted from documents/ after it was pinned is no loss: the pin holds its bytes.
        if (!existsSync(join(pinned, blobName))) gone.push(blobName);
      } else if (code !== 'EEXIST') throw error;
    }
  }
  return gone;
}

/**
 * Pins every blob that appears in documents/ until stopped: for a snapshot that cannot say which
 * blobs it names until it is whole (VACUUM INTO), a document uploaded and deleted while it is made
 * is then still there to copy. Started before the blobs already there are listed, so none falls
 * between. Linked at once, in the event's own turn: a blob may live only milliseconds. Best effort
 * (the kernel may drop events under a flood); what it misses, the check of the finished snapshot finds.
 */
export function pinBlobsAsTheyAppear(dataDir: string, pinned: string): { stop: () => void } {
  let watcher: ReturnType<typeof watch> | undefined;
  try {
    watcher = watch(join(dataDir, 'documents'), (_event, name) => {
      if (!name || !BLOB_NAME.test(name)) return;
      try {
        linkSync(join(dataDir, 'documents', name), join(pinned, name));
      } catch {
        // Gone already, or pinned already: the finished snapshot's check tells which matters.
      }
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    // No documents/ yet: nothing to pin.
  }
  return { stop: () => watcher?.close() };
}
