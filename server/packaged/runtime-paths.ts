// Where the server finds the files it ships with. Under `npm start`, tsx and the tests they are
// beside the sources (each module's own default); the packaged binary extracts them under
// DATA_DIR/runtime/ and fills this in before the server starts, because a bundled script inside an
// executable has no repository around it.
export interface RuntimePaths {
  /** The built client (dist/client). */
  clientDir?: string;
  /** drizzle/'s migrations. */
  migrationsFolder?: string;
  /** drizzle/postgres/'s migrations, for a clinic network's database (DATABASE_URL). */
  postgresMigrationsFolder?: string;
  /** The diagnosis catalog shipped with the binary, when it was built with one. */
  catalogDir?: string;
  /** The diagnosis search's synonyms (services/diagnosis-synonyms.tsv). */
  synonymsFile?: string;
  /** A module that exports better-sqlite3's Database, for the integrity check's worker thread. */
  sqliteDriver?: string;
}

export const runtimePaths: RuntimePaths = {};

export function setRuntimePaths(paths: RuntimePaths): void {
  Object.assign(runtimePaths, paths);
}
