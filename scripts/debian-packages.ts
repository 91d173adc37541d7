// Installing the Debian packages that the browser journeys drive (chromium, libnss3-tools) on a
// machine where the tests run as root, as a fresh CI machine does, rather than skipping them there.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable called `command` on PATH, or undefined. */
export function onPath(command: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, command))
    .find(isExecutable);
}

export const canInstallPackages = (): boolean => process.getuid?.() === 0 && onPath('apt-get') !== undefined;

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.error) throw new Error(`${command} ${args.join(' ')} failed: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

// One package-list refresh per process is enough for every package it installs.
let listsUpdated = false;

/** apt-get install, as root; throws with apt-get's status when it fails. */
export function installDebianPackages(packages: string[], options: { withRecommends?: boolean } = {}): void {
  if (!listsUpdated) {
    run('apt-get', ['update']);
    listsUpdated = true;
  }
  run('apt-get', ['install', '-y', ...(options.withRecommends === false ? ['--no-install-recommends'] : []), ...packages]);
}
