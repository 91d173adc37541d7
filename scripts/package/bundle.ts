// The packaged server as one CommonJS script (a single executable application on Node 20 runs
// CommonJS and can require built-in modules only): every package bundled in, and the two packages
// that find native addons beside node_modules replaced by the extracted addons' loader.
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { join } from 'node:path';
import { repoRoot } from '../build-state.mjs';
import { releaseOfCheckout } from '../../server/release';

const entry = join(repoRoot, 'server', 'packaged', 'main.ts');
const loaderEntry = join(repoRoot, 'server', 'packaged', 'loader.ts');
const nativeAddons = join(repoRoot, 'server', 'packaged', 'native-addons.ts');

/** `bindings` (better-sqlite3) and `node-gyp-build` (argon2), answered from the extracted addons. */
const extractedAddons: Plugin = {
  name: 'extracted-addons',
  setup(build) {
    build.onResolve({ filter: /^(bindings|node-gyp-build)$/ }, (args) => ({ path: args.path, namespace: 'extracted-addon' }));
    build.onLoad({ filter: /.*/, namespace: 'extracted-addon' }, (args) => ({
      resolveDir: repoRoot,
      loader: 'js',
      contents:
        args.path === 'bindings'
          ? `const { loadAddon } = require(${JSON.stringify(nativeAddons)}); module.exports = (name) => loadAddon(name);`
          : // argon2 asks node-gyp-build for the addon of its own directory; it has only one.
            `const { loadAddon } = require(${JSON.stringify(nativeAddons)}); module.exports = () => loadAddon('argon2');`,
    }));
  },
};

/** `options`' bundle as the text of one minified CommonJS script for Node 20. */
async function nodeScript(options: BuildOptions): Promise<string> {
  const result = await build({
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    minify: true,
    legalComments: 'none',
    logLevel: 'error',
    ...options,
  });
  return result.outputFiles![0]!.text;
}

/** The server and its commands, as the text of one CommonJS script. */
export function bundleServer(): Promise<string> {
  return nodeScript({
    entryPoints: [entry],
    keepNames: true,
    // No module of the bundle lives at a path of its own: the paths they derive from it are
    // replaced at start (server/packaged/runtime-paths.ts). A fixed URL also keeps server/index.ts
    // from taking itself for the entry point.
    define: { 'import.meta.url': '"file:///expediente-packaged/bundle.cjs"', EXPEDIENTE_RELEASE: JSON.stringify(releaseOfCheckout(repoRoot)) },
    plugins: [extractedAddons],
  });
}

/** The executable's first script (server/packaged/loader.ts), which compiles the bundle above with its code cache. */
export function bundleLoader(): Promise<string> {
  return nodeScript({ entryPoints: [loaderEntry] });
}

/**
 * better-sqlite3 alone, for the integrity check's worker thread (server/db/integrity.ts), which
 * runs outside the executable's bundle: it loads the addon lying beside it.
 */
export function bundleSqliteDriver(): Promise<string> {
  const beside: Plugin = {
    name: 'addon-beside',
    setup(build) {
      build.onResolve({ filter: /^bindings$/ }, () => ({ path: 'bindings', namespace: 'addon-beside' }));
      build.onLoad({ filter: /.*/, namespace: 'addon-beside' }, () => ({
        loader: 'js',
        contents: `module.exports = (name) => { const addon = { exports: {} }; process.dlopen(addon, require('node:path').join(__dirname, name)); return addon.exports; };`,
      }));
    },
  };
  return nodeScript({
    stdin: { contents: `module.exports = require('better-sqlite3');`, resolveDir: repoRoot, loader: 'js' },
    // esbuild's default when bundling: the package's license comments kept, at the end.
    legalComments: 'eof',
    plugins: [beside],
  });
}
