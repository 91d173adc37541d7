// certutil (Debian's libnss3-tools) files the practice's certificate authority in the NSS store that
// Chromium reads, so the HTTPS journeys trust it as an installed device would (e2e/practice-ca-trust.ts).
// Like Chromium, it is installed when the tests run as root; elsewhere those journeys are skipped.
import { canInstallPackages, installDebianPackages, onPath } from './debian-packages';

export const CERTUTIL_PACKAGE = 'libnss3-tools';

export const hasCertutil = (): boolean => onPath('certutil') !== undefined;

/** Makes sure certutil is there, installing it when it can; otherwise the one line that says what to install. */
export function ensureCertutil(): { missing: false } | { missing: true; advice: string } {
  if (hasCertutil()) return { missing: false };
  if (canInstallPackages()) {
    console.log(`certutil not found: installing Debian's "${CERTUTIL_PACKAGE}" package for the HTTPS browser journeys.`);
    installDebianPackages([CERTUTIL_PACKAGE], { withRecommends: false });
    if (hasCertutil()) return { missing: false };
  }
  return {
    missing: true,
    advice: `certutil is missing, so the HTTPS browser journeys are skipped: install it with "sudo apt-get install ${CERTUTIL_PACKAGE}" (Debian/Ubuntu).`,
  };
}
