// What the binary and the scripts say to the practice, in English: the same keys as es/ (its type),
// one file per command or concern, as there.
import type { es } from '../es/index';
import { binary } from './binary';
import { backup } from './backup';
import { restore } from './restore';
import { archive } from './archive';
import { audit } from './audit';
import { startKeys } from './start-keys';
import { practiceEncryption } from './practice-encryption';
import { dataDirLock } from './data-dir-lock';
import { encrypt } from './encrypt';
import { changePassphrase } from './change-passphrase';
import { demo } from './demo';
import { tls } from './tls';
import { migrateToPostgres } from './migrate-to-postgres';
import { postgresBackup } from './postgres-backup';

export const en: typeof es = {
  ...binary,
  ...backup,
  ...restore,
  ...archive,
  ...audit,
  ...startKeys,
  ...practiceEncryption,
  ...dataDirLock,
  ...encrypt,
  ...changePassphrase,
  ...demo,
  ...tls,
  ...migrateToPostgres,
  ...postgresBackup,
};
