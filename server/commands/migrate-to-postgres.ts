// `npm run migrate-to-postgres -- --data-dir DIR --database-url URL`: a practice (SQLite in DATA_DIR)
// copied into the empty PostgreSQL database of a clinic network, then its audit trail verified there.
// Exit 0 when copied and checked, 1 when refused or failed (nothing is kept), 2 on wrong arguments.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyAuditChainIn } from '../audit/audit-chain';
import { readAuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { engineOf } from '../db/engine';
import { postgresDatabase } from '../db/postgres-engine';
import { peekSecretFile } from '../secrets';
import { practiceText } from '../practice-messages/practice-text';
import { copyPracticeToPostgres } from '../backup/copy-practice-to-postgres';

async function main(): Promise<number> {
  const text = practiceText();
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help) {
    console.log(text.migrateUsage);
    return 0;
  }
  const dataDir = values['data-dir'];
  const databaseUrl = values['database-url'];
  if (!dataDir || !databaseUrl) {
    console.error(`${text.migrateArgumentsMissing}\n${text.migrateUsage}`);
    return 2;
  }
  const report = await copyPracticeToPostgres(dataDir, databaseUrl);
  console.log(text.migrateCopied({ tables: report.tables, rows: report.rows, documents: report.documents }));
  // The trail as PostgreSQL now holds it, recomputed with the practice's key and checked against its sealed head.
  const key = peekSecretFile(join(dataDir, AUDIT_KEY_FILE));
  const db = postgresDatabase(databaseUrl, { connections: 1 });
  try {
    const chain = await verifyAuditChainIn(db, key, readAuditHead(dataDir, key));
    if (chain.problem) {
      console.error(chain.problem.message);
      return 1;
    }
    console.log(text.auditIntact({ verified: chain.verified, unsealed: chain.unsealed }));
  } finally {
    await engineOf(db).close();
  }
  console.log(text.migrateNext({ url: databaseUrl }));
  return 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
