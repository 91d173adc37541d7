// The single executable's first script: compiles the server's bundle (an asset) with the V8 code
// cache that `npm run package` recorded from a start of this very binary, then runs it. Node's own
// code cache for an executable's script holds only what compiling it makes (its top level); the
// functions a start calls are compiled one by one as they are first called, 100–150 ms of each
// start on this project's machine (measured: 790 → 650 ms to the first /api/health on the decade).
// A cache made after a start holds them all.
import { renameSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';
import { CODE_CACHE_ASSET, CODE_CACHE_OUT_VARIABLE, seaAssets, SERVER_BUNDLE_ASSET } from './sea-assets';

// What `npm start` passes to node (package.json): the old generation grows to 1.5 times what it held
// after a full collection, not up to 4 times. V8 reads it at each collection, so setting it here works.
// Set before the bundle is compiled: V8 accepts a code cache only under the flags it was made with.
setFlagsFromString('--heap-growing-percent=50');

const sea = seaAssets();

function recordedCache(): Buffer | undefined {
  try {
    return Buffer.from(sea.getRawAsset(CODE_CACHE_ASSET));
  } catch {
    return undefined;
  }
}

const cachedData = recordedCache();
// CommonJS's own wrapper, so that the bundle sees this script's require (built-in modules) and module.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${sea.getAsset(SERVER_BUNDLE_ASSET, 'utf8')}\n})`, {
  filename: '/expediente-packaged/bundle.cjs',
  cachedData,
});
// Said as Node says it of its own rejected caches (other V8 flags in NODE_OPTIONS, say): the start is slower, nothing else.
if (cachedData === undefined) process.emitWarning('This binary holds no start-up code cache: it starts slower.');
else if (script.cachedDataRejected) process.emitWarning('Start-up code cache rejected (V8 flags differ from the build): it starts slower.');

const cacheOut = process.env[CODE_CACHE_OUT_VARIABLE];
// Written whole under another name first: the packager takes the file as soon as it appears.
if (cacheOut) {
  process.on('SIGUSR2', () => {
    writeFileSync(`${cacheOut}.partial`, script.createCachedData());
    renameSync(`${cacheOut}.partial`, cacheOut);
  });
}

(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, __filename, __dirname);
