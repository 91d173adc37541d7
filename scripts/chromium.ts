// Finds the Chromium that the browser journeys drive: Debian's package, or CHROME_PATH.
// On a clean CI machine running as root it installs the package rather than skipping the tests.
import { installDebianPackages, isExecutable } from './debian-packages';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Flags for a headless Chromium in a container, without calls home that would slow or flake tests. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function findChromium(): Promise<string> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.warn(`CHROME_PATH=${fromEnv} is not an executable file; looking for ${DEBIAN_CHROMIUM} instead.`);
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

  if (process.getuid?.() === 0) {
    console.log('Chromium not found: installing Debian\'s "chromium" package for the browser tests.');
    installDebianPackages(['chromium']);
    if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
    throw new Error(`apt-get installed chromium but ${DEBIAN_CHROMIUM} is still missing.`);
  }

  throw new Error(
    'The browser tests need Chromium and none was found. Install it with ' +
      '"sudo apt-get install chromium" (Debian/Ubuntu), or set CHROME_PATH to a Chromium or Chrome executable.',
  );
}
