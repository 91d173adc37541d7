// `npm run audit:verify`: recomputes the audit trail's HMAC chain over DATA_DIR's database, checks it
// against the sealed head in DATA_DIR/audit-head (rows cut from the end, chains nulled), and says
// what is wrong. Exit 0 when intact, 1 on any failure, 2 when there is no database or key to check.
// `-- --since-checkpoint`: only the rows after the sealed head (the nightly check); see its help text.
// What it says is in the practice's language (server/practice-messages). An encrypted DATA_DIR is
// unlocked first (encryption/unlock-for-command.ts): a wrong or missing passphrase exits 1.
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyAuditChain, type ChainReport } from '../audit/audit-chain';
import { verifyAuditChainSince } from '../audit/audit-checkpoint';
import { AUDIT_HEAD_FILE, AuditHeadError, readAuditHead, type AuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { openSqlite } from '../db/open-sqlite';
import { unlockForCommand } from '../encryption/unlock-for-command';
import { practiceText } from '../practice-messages/practice-text';
import { peekSecretFile } from '../secrets';

function describe(report: ChainReport): void {
  console.log(report.problem!.message);
  console.log(practiceText().auditVerifyCounted({ verified: report.verified, before: report.firstMismatch !== null, unchained: report.unsealed }));
}

function wholeCheck(sqlite: Database.Database, key: string, head: AuditHead | null, dataDir: string): number {
  const report = verifyAuditChain(sqlite, key, head);
  if (report.problem) {
    describe(report);
    return 1;
  }
  const text = practiceText();
  console.log(text.auditIntact({ verified: report.verified, unsealed: report.unsealed }));
  if (head) {
    console.log(text.auditHeadAllThere({ writtenAt: head.writtenAt, lastId: head.lastId, count: head.count }));
  } else if (report.verified + report.unsealed > 0) {
    console.log(text.auditNoHeadYet({ dataDir, file: AUDIT_HEAD_FILE }));
  }
  return 0;
}

function checkSinceHead(sqlite: Database.Database, key: string, head: AuditHead): number {
  const report = verifyAuditChainSince(sqlite, key, head);
  if (report.problem) {
    describe(report);
    return 1;
  }
  const text = practiceText();
  console.log(text.auditIntactSinceCheckpoint({ verified: report.verified, writtenAt: head.writtenAt, lastId: head.lastId }));
  console.log(text.auditUpToHeadNotRecomputed({ count: head.count }));
  return 0;
}

async function main(): Promise<number> {
  const { values: options } = parseArgs({
    options: { 'since-checkpoint': { type: 'boolean', default: false }, help: { type: 'boolean', default: false }, 'recovery-key': { type: 'boolean', default: false } },
  });
  const text = practiceText();
  if (options.help) {
    console.log(text.auditVerifyHelp);
    return 0;
  }
  const dataDir = process.env.DATA_DIR ?? './data';
  const databasePath = join(dataDir, 'expediente.db');
  const keyPath = join(dataDir, AUDIT_KEY_FILE);
  if (!existsSync(databasePath) || !existsSync(keyPath)) {
    console.error(text.auditVerifyNoData({ dataDir }));
    return 2;
  }
  try {
    await unlockForCommand(dataDir, { recoveryKey: options['recovery-key'] });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const key = peekSecretFile(keyPath);
  let head: AuditHead | null;
  try {
    head = readAuditHead(dataDir, key);
  } catch (error) {
    if (!(error instanceof AuditHeadError)) throw error;
    console.log(text.auditVerifyHeadTampered({ file: join(dataDir, AUDIT_HEAD_FILE), reason: error.message }));
    return 1;
  }
  // Read-only: verifying never writes, and may run while the server does.
  const sqlite = openSqlite(databasePath, { readonly: true, fileMustExist: true });
  try {
    if (!options['since-checkpoint']) return wholeCheck(sqlite, key, head, dataDir);
    if (head) return checkSinceHead(sqlite, key, head);
    console.log(text.auditNoHeadToStart({ dataDir, file: AUDIT_HEAD_FILE }));
    return wholeCheck(sqlite, key, head, dataDir);
  } finally {
    sqlite.close();
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
