// Which release this is: the package's version and the commit it was built from, as semver build
// metadata (`0.2.0+4cd9e2b1a0f3`). Two builds of the same version from different commits differ,
// so a backup's name and manifest, `--version` and the health answer say which program wrote what.
// The single binary has it written in at packaging (EXPEDIENTE_RELEASE); `npm start` and the tests
// read it from the checkout once, when first asked.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

declare const EXPEDIENTE_RELEASE: string | undefined;

/** The release of the checkout at `repoRoot`: package.json's version, plus the commit where git knows one. */
export function releaseOfCheckout(repoRoot: string): string {
  const { version } = JSON.parse(readFileSync(`${repoRoot}/package.json`, 'utf8')) as { version: string };
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // Not a git checkout (an unpacked source archive), or no git: the version alone.
  }
  return /^[0-9a-f]{7,40}$/.test(commit) ? `${version}+${commit}` : version;
}

let fromCheckout: string | undefined;

export function release(): string {
  if (typeof EXPEDIENTE_RELEASE === 'string') return EXPEDIENTE_RELEASE;
  fromCheckout ??= releaseOfCheckout(fileURLToPath(new URL('..', import.meta.url)));
  return fromCheckout;
}
