// What the binary and the scripts say to the practice, in Spanish (the product's first language), one
// file per command or concern. en/ has the same keys, checked by its type. Each message says what
// happened and what to do.
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

export const es = {
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
