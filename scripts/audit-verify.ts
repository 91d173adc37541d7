// `npm run audit:verify`: recomputes the audit trail's HMAC chain over DATA_DIR's database and
// names the first row that does not match. Exit 0 when the chain is intact, 1 otherwise.
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyAuditChain } from '../server/audit/audit-chain';
import { AUDIT_KEY_FILE } from '../server/audit/audit-key';

function main(): number {
  const dataDir = process.env.DATA_DIR ?? './data';
  const databasePath = join(dataDir, 'expediente.db');
  const keyPath = join(dataDir, AUDIT_KEY_FILE);
  if (!existsSync(databasePath) || !existsSync(keyPath)) {
    console.error(`No database or audit key in ${dataDir}: set DATA_DIR to the server's data directory.`);
    return 2;
  }
  // Read-only: verifying never writes, and may run while the server does.
  const sqlite = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const report = verifyAuditChain(sqlite, readFileSync(keyPath, 'utf8').trim());
    const unsealed = report.unsealed ? ` (${report.unsealed} earlier rows were written before the chain began and are not covered)` : '';
    if (report.firstMismatch) {
      const { id, at, action } = report.firstMismatch;
      console.log(`Audit chain broken at row ${id} (${at}, ${action}): it or a row before it was altered, removed or reordered.`);
      console.log(`${report.verified} rows before it verified${unsealed}.`);
      return 1;
    }
    console.log(`Audit chain intact: ${report.verified} rows verified${unsealed}.`);
    return 0;
  } finally {
    sqlite.close();
  }
}

process.exitCode = main();
