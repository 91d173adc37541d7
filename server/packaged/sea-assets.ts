// The single executable's assets: the names the packager (scripts/package.ts) writes them under and
// the binary reads them by (loader.ts, main.ts), and the reading.

/** The binary's files as one archive (asset-archive.ts). */
export const ARCHIVE_ASSET = 'files.bin';
/** The server's bundle, compiled by the loader. */
export const SERVER_BUNDLE_ASSET = 'server.cjs';
/** The V8 code cache recorded from a start of the binary (scripts/package/code-cache.ts). */
export const CODE_CACHE_ASSET = 'server.cache';
/** Set only by the packager's recording start: where the loader writes the cache on SIGUSR2. */
export const CODE_CACHE_OUT_VARIABLE = 'EXPEDIENTE_CODE_CACHE_OUT';

interface SeaAssets {
  getAsset(name: string, encoding: 'utf8'): string;
  getRawAsset(name: string): ArrayBuffer;
}

/** Node's node:sea, which exists only inside a single executable application: required when asked for, not imported. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const seaAssets = (): SeaAssets => require('node:sea') as SeaAssets;
