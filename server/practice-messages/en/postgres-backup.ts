// The practice's messages for `npm run backup` and `npm run restore` on a clinic network's PostgreSQL
// database (DATABASE_URL); in English. The same keys as es/, checked by the type.
import type { postgresBackup as spanish } from '../es/postgres-backup';

export const postgresBackup: typeof spanish = {
  backupPostgresSchemaDiffers: ({ table }) =>
    `Table ${table} of the PostgreSQL database does not have this release's columns: start a server of this release on it first (it upgrades it), then back up again. Nothing was written.`,
  backupPostgresNoKeys: ({ dataDir }) => `${dataDir} does not hold the network's keys (no audit-key): is it the DATA_DIR of one of its servers? Nothing was written.`,
  backupPostgresBlobMissing: ({ blob }) =>
    `The encrypted document ${blob} is missing from document_blobs although its document still exists: the database is damaged. Nothing was written.`,
  restorePostgresNotEmpty: ({ database, rows }) =>
    `The PostgreSQL database ${database} already holds data (${rows} account or audit rows): nothing was written, neither there nor in the directory. ` +
    'Restore into an empty database (createdb, or drop it and create it again).',
  restorePostgresOlderData:
    'This backup holds the data of an earlier release, not upgraded: they are not copied into PostgreSQL as they are. Restore it without --database-url, start the server once (it upgrades them), then copy it with npm run migrate-to-postgres. Nothing was written.',
  restoreIntoPostgres: ({ database, dataDir }) =>
    `The data and the documents are in the PostgreSQL database ${database}; ${dataDir} holds its keys. Start the servers with DATABASE_URL and a copy of those keys.`,
  restorePostgresAuditFails: ({ database, problem }) => `The audit trail copied into ${database} fails its check: ${problem}`,
};
