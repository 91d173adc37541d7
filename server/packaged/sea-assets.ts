// The names the single executable's loader (loader.ts) and the packager (scripts/package.ts) share.

/** The server's bundle, compiled by the loader. */
export const SERVER_BUNDLE_ASSET = 'server.cjs';
/** The V8 code cache recorded from a start of the binary (scripts/package/code-cache.ts). */
export const CODE_CACHE_ASSET = 'server.cache';
/** Set only by the packager's recording start: where the loader writes the cache on SIGUSR2. */
export const CODE_CACHE_OUT_VARIABLE = 'EXPEDIENTE_CODE_CACHE_OUT';
