// The practice the previous release left on a disk (fixtures/previous-release/README.md): its
// DATA_DIR, and its own backup of it, unpacked fresh for each test that upgrades or restores them.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PREVIOUS_RELEASE_ARCHIVE = fileURLToPath(new URL('fixtures/previous-release/practice.tar.gz', import.meta.url));
export const PREVIOUS_RELEASE_PASSPHRASE = 'frase-de-la-version-anterior';
export const PREVIOUS_RELEASE_PASSWORD = 'consulta-demo-2025';
/** What the previous release counted when it wrote the fixture (its audit:verify and backup). */
export const PREVIOUS_RELEASE_FACTS = { patients: 40, documents: 10, auditRows: 2974, newestMigration: '0008_patient_list_version' } as const;

export interface PreviousRelease {
  /** Its DATA_DIR: expediente.db, the keys and documents/. */
  dataDir: string;
  /** Its own `npm run backup` of that DATA_DIR, under PREVIOUS_RELEASE_PASSPHRASE. */
  backup: string;
}

/** Unpacks the fixture into `parent` (data/ and previous-release.backup). */
export function unpackPreviousRelease(parent: string): PreviousRelease {
  mkdirSync(parent, { recursive: true });
  const unpacked = spawnSync('tar', ['-xzf', PREVIOUS_RELEASE_ARCHIVE, '-C', parent], { encoding: 'utf8' });
  if (unpacked.status !== 0) throw new Error(`tar could not unpack ${PREVIOUS_RELEASE_ARCHIVE}: ${unpacked.stderr}`);
  return { dataDir: join(parent, 'data'), backup: join(parent, 'previous-release.backup') };
}
