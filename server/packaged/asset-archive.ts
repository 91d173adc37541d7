// The format of the one asset that carries the binary's files (the built client, the migrations,
// the catalog, the native addons): hundreds of small files as one SEA asset instead of hundreds of
// assets. Layout: a 4-byte big-endian length, a JSON index of that length, then every file's bytes.
export interface ArchivedFile {
  /** Relative, with forward slashes, e.g. 'client/index.html'. */
  path: string;
  offset: number;
  size: number;
}

export function packArchive(files: Array<{ path: string; contents: Buffer }>): Buffer {
  let offset = 0;
  const index: ArchivedFile[] = files.map(({ path, contents }) => {
    const entry = { path, offset, size: contents.length };
    offset += contents.length;
    return entry;
  });
  const header = Buffer.from(JSON.stringify(index));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, ...files.map((file) => file.contents)]);
}

/** Every file of the archive, as views into `archive` (nothing is copied). */
export function unpackArchive(archive: Buffer): Array<{ path: string; contents: Buffer }> {
  const headerLength = archive.readUInt32BE(0);
  const index = JSON.parse(archive.subarray(4, 4 + headerLength).toString('utf8')) as ArchivedFile[];
  const start = 4 + headerLength;
  return index.map(({ path, offset, size }) => ({ path, contents: archive.subarray(start + offset, start + offset + size) }));
}
