// The practice's messages for `npm run migrate-to-postgres`: a practice copied from SQLite into the
// PostgreSQL database of a clinic network; in English. The same keys as es/, checked by the type.
import type { migrateToPostgres as spanish } from '../es/migrate-to-postgres';

export const migrateToPostgres: typeof spanish = {
  migrateUsage: [
    'Usage: npm run migrate-to-postgres -- --data-dir DIR --database-url URL',
    "  --data-dir DIR      the practice's DATA_DIR (its SQLite database, its documents and its keys).",
    "  --database-url URL  the clinic network's PostgreSQL database (postgres://user:password@host:5432/expediente), empty.",
    'Copies every row, every document and the audit trail with its chain, and checks that all arrived the same.',
    "Then the servers start with DATABASE_URL=URL and a copy of DIR's keys.",
  ].join('\n'),
  migrateArgumentsMissing: '--data-dir and --database-url are missing: which practice, and which database.',
  migrateNoPractice: ({ dataDir }) => `There is no practice in ${dataDir} (no expediente.db).`,
  migrateTargetNotEmpty: ({ rows }) => `The PostgreSQL database already holds data (${rows} account or audit rows): nothing is copied over it. Use an empty database.`,
  migrateCopied: ({ tables, rows, documents }) =>
    `Copied ${rows} rows of ${tables} tables and ${documents} documents; the counts match and every document is identical byte for byte.`,
  migrateCountsDiffer: ({ table, sqlite, postgres }) =>
    `Table ${table} has ${sqlite} rows in SQLite and ${postgres} in PostgreSQL: the copy did not complete and nothing was kept.`,
  migrateDocumentMissing: ({ name }) => `Document ${name} is in the database but not in DATA_DIR/documents: nothing is copied.`,
  migrateNext: ({ url }) => `Done. Start the servers with DATABASE_URL=${url} and a copy of this DATA_DIR's keys.`,
};
