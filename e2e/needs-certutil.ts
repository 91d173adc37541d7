// The journeys over the practice's HTTPS need certutil to make Chromium trust the practice authority
// (practice-ca-trust.ts). Where it is missing and cannot be installed, global-setup.ts says what to
// install and these journeys are skipped, rather than failing outside their tests.
import { describe } from 'vitest';
import { hasCertutil } from '../scripts/certutil';

/** `describe`, skipped when this machine has no certutil. */
export const describeWithCertutil = describe.skipIf(!hasCertutil());
