// `npm run audit:verify`: recomputes the audit trail's HMAC chain over DATA_DIR's database, checks it
// against the sealed head in DATA_DIR/audit-head (rows cut from the end, chains nulled), and says
// what is wrong. Exit 0 when intact, 1 on any failure, 2 when there is no database or key to check.
// `-- --since-checkpoint`: only the rows after the sealed head (the nightly check); see its help text.
// An encrypted practice is opened with the passphrase of PASSPHRASE_FILE or PASSPHRASE, as the server is.
// What it says is in the practice's language (server/practice-messages).
import type Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyAuditChain, type ChainReport } from '../server/audit/audit-chain';
import { verifyAuditChainSince } from '../server/audit/audit-checkpoint';
import { AUDIT_HEAD_FILE, AuditHeadError, readAuditHead, type AuditHead } from '../server/audit/audit-head';
import { AUDIT_KEY_FILE } from '../server/audit/audit-key';
import { openSqlite } from '../server/db/open-sqlite';
import { passphraseFrom } from '../server/encryption/passphrase-source';
import { openWithPassphrase, readPracticeKeyFile } from '../server/encryption/practice-key';
import { isSealed, openKeyFile } from '../server/encryption/sealed-file';
import { practiceKeyOf, rememberPracticeKey } from '../server/encryption/unlocked-practices';
import { practiceText } from '../server/practice-messages/practice-text';

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

/** Opens an encrypted DATA_DIR for this process; what to say when it cannot be, null when it is open or plain. */
async function unlock(dataDir: string): Promise<string | null> {
  const keyFile = readPracticeKeyFile(dataDir);
  if (!keyFile) return null;
  const { PASSPHRASE_FILE: file, PASSPHRASE: value } = process.env;
  const passphrase = passphraseFrom(file ? { file } : value ? { value } : undefined);
  if (passphrase === undefined) return practiceText().auditVerifyLocked({ dataDir });
  const masterKey = await openWithPassphrase(keyFile, passphrase);
  if (!masterKey) return practiceText().auditVerifyWrongPassphrase({ dataDir });
  rememberPracticeKey(dataDir, masterKey);
  return null;
}

/** The audit key as its file holds it, sealed by the practice key or not; read only (never sealed in place here). */
function auditKeyIn(dataDir: string): string | null {
  const text = readFileSync(join(dataDir, AUDIT_KEY_FILE), 'utf8').trim();
  if (!isSealed(text)) return text;
  const masterKey = practiceKeyOf(dataDir);
  return masterKey ? openKeyFile(masterKey, AUDIT_KEY_FILE, text) : null;
}

async function main(): Promise<number> {
  const { values: options } = parseArgs({ options: { 'since-checkpoint': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
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
  const locked = await unlock(dataDir);
  if (locked) {
    console.error(locked);
    return 2;
  }
  const key = auditKeyIn(dataDir);
  if (key === null) {
    console.error(text.auditVerifyNoData({ dataDir }));
    return 2;
  }
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
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
