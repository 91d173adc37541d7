// Loads the native addons (better-sqlite3's and argon2's) from the directory the packaged binary
// extracted them to. The bundle's esbuild plugin (scripts/package/bundle.ts) replaces the
// `bindings` and `node-gyp-build` packages, which look for addons beside node_modules, with calls
// to loadAddon: inside an executable there is no node_modules to look in.
import { join } from 'node:path';

let addonDir: string | undefined;

export function setAddonDir(dir: string): void {
  addonDir = dir;
}

/** `name` is the addon's file name without `.node`, e.g. 'better_sqlite3' or 'argon2'. */
export function loadAddon(name: string): unknown {
  if (!addonDir) throw new Error(`The native addon ${name} was asked for before the packaged files were extracted.`);
  const addon = { exports: {} as unknown };
  process.dlopen(addon, join(addonDir, `${name.replace(/\.node$/, '')}.node`));
  return addon.exports;
}
