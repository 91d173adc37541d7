// For tests of a disk that fills up mid-write: a write stream that stores the first bytes in a real
// file and then fails as fs does when the disk is full (an errno ENOSPC error), for BlobStore.
import { createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';
import type { WriteStreamFactory } from './blob-store';

export function noSpaceError(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: 'ENOSPC', errno: -28, syscall: 'write', path });
}

/** A factory whose streams take `bytes` bytes and fail with ENOSPC on the write that would pass them. */
export function diskFullAfter(bytes: number): WriteStreamFactory {
  return (path, options) => {
    const file = createWriteStream(path, options);
    let written = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        if (written + chunk.length > bytes) return callback(noSpaceError(path));
        written += chunk.length;
        file.write(chunk, callback);
      },
      final(callback) {
        file.end(callback);
      },
      destroy(error, callback) {
        file.destroy();
        callback(error);
      },
    });
  };
}
