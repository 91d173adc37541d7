// `npm run audit:verify`: recomputes the audit trail's HMAC chain over DATA_DIR's database, checks it
// against the sealed head in DATA_DIR/audit-head (rows cut from the end, chains nulled), and says
// what is wrong. Exit 0 when intact, 1 on any failure, 2 when there is no database or key to check.
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyAuditChain } from '../server/audit/audit-chain';
import { AUDIT_HEAD_FILE, AuditHeadError, readAuditHead, type AuditHead } from '../server/audit/audit-head';
import { AUDIT_KEY_FILE } from '../server/audit/audit-key';

function main(): number {
  const dataDir = process.env.DATA_DIR ?? './data';
  const databasePath = join(dataDir, 'expediente.db');
  const keyPath = join(dataDir, AUDIT_KEY_FILE);
  if (!existsSync(databasePath) || !existsSync(keyPath)) {
    console.error(`No database or audit key in ${dataDir}: set DATA_DIR to the server's data directory.`);
    return 2;
  }
  const key = readFileSync(keyPath, 'utf8').trim();
  let head: AuditHead | null;
  try {
    head = readAuditHead(dataDir, key);
  } catch (error) {
    if (!(error instanceof AuditHeadError)) throw error;
    console.log(`${join(dataDir, AUDIT_HEAD_FILE)}: ${error.message} Treat the audit trail as tampered with.`);
    return 1;
  }
  // Read-only: verifying never writes, and may run while the server does.
  const sqlite = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const report = verifyAuditChain(sqlite, key, head);
    if (report.problem) {
      console.log(report.problem.message);
      const unchained = report.unsealed ? ` (${report.unsealed} rows before the first sealed one carry no chain)` : '';
      console.log(`${report.verified} rows ${report.firstMismatch ? 'before it ' : ''}verified by the chain${unchained}.`);
      return 1;
    }
    const unsealed = report.unsealed ? ` (${report.unsealed} earlier rows were written before the chain began and are not covered)` : '';
    console.log(`Audit chain intact: ${report.verified} rows verified${unsealed}.`);
    if (head) {
      console.log(`Every row up to the sealed head of ${head.writtenAt} (row ${head.lastId}, ${head.count} rows) is there.`);
    } else if (report.verified + report.unsealed > 0) {
      console.log(`No sealed head in ${dataDir} yet (${AUDIT_HEAD_FILE}): judged by the chain alone, which cannot show rows cut from its end.`);
    }
    return 0;
  } finally {
    sqlite.close();
  }
}

process.exitCode = main();
