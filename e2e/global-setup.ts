// Runs once before the browser journeys: makes sure there is a Chromium to drive (and certutil for the
// HTTPS journeys) and a fresh production build of the client for the real server to serve; afterwards
// removes what they left.
import type { TestProject } from 'vitest/node';
import { ensureCertutil } from '../scripts/certutil';
import { findChromium } from '../scripts/chromium';
import { ensureClientBuilt } from '../scripts/client-build';
import { createRunDir, removeRunDir } from './run-dir';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
    /** Where the servers' data directories and pid files go (see run-dir.ts). */
    e2eRunDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const chromiumPath = await findChromium();
  const certutil = ensureCertutil();
  if (certutil.missing) console.log(`[e2e] ${certutil.advice}`);
  await ensureClientBuilt((line) => console.log(`[e2e] ${line}`));
  const runDir = createRunDir();
  project.provide('chromiumPath', chromiumPath);
  project.provide('e2eRunDir', runDir);
  return () => removeRunDir(runDir);
}
