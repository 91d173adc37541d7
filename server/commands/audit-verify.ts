// `npm run audit:verify`: recomputes the audit trail's HMAC chain over DATA_DIR's database (or the
// clinic network's PostgreSQL one, when DATABASE_URL names it; the key is still DATA_DIR's), checks it
// against the sealed head in DATA_DIR/audit-head (rows cut from the end, chains nulled), and says
// what is wrong. Exit 0 when intact, 1 on any failure, 2 when there is no database or key to check.
// `-- --since-checkpoint`: only the rows after the sealed head (the nightly check); see its help text.
// What it says is in the practice's language (server/practice-messages). An encrypted DATA_DIR is
// unlocked first (encryption/unlock-for-command.ts): a wrong or missing passphrase exits 1.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyAuditChain, verifyAuditChainIn, type ChainReport } from '../audit/audit-chain';
import { verifyAuditChainSince, verifyAuditChainSinceIn, type CheckpointReport } from '../audit/audit-checkpoint';
import { AUDIT_HEAD_FILE, AuditHeadError, readAuditHead, type AuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { engineOf } from '../db/engine';
import { openSqlite } from '../db/open-sqlite';
import { postgresDatabase } from '../db/postgres-engine';
import { unlockForCommand } from '../encryption/unlock-for-command';
import { practiceText } from '../practice-messages/practice-text';
import { peekSecretFile } from '../secrets';

function describe(report: ChainReport): void {
  console.log(report.problem!.message);
  console.log(practiceText().auditVerifyCounted({ verified: report.verified, before: report.firstMismatch !== null, unchained: report.unsealed }));
}

/** The trail to check: DATA_DIR's SQLite file, or the clinic network's PostgreSQL database (DATABASE_URL). */
interface Trail {
  whole(head: AuditHead | null): Promise<ChainReport>;
  since(head: AuditHead): Promise<CheckpointReport>;
  close(): Promise<void>;
}

function sqliteTrail(databasePath: string, key: string): Trail {
  // Read-only: verifying never writes, and may run while the server does.
  const sqlite = openSqlite(databasePath, { readonly: true, fileMustExist: true });
  return {
    whole: async (head) => verifyAuditChain(sqlite, key, head),
    since: async (head) => verifyAuditChainSince(sqlite, key, head),
    close: async () => void sqlite.close(),
  };
}

function postgresTrail(databaseUrl: string, key: string): Trail {
  // Not migrated here: a check reads the database as the servers left it.
  const db = postgresDatabase(databaseUrl, { connections: 1 });
  return {
    whole: (head) => verifyAuditChainIn(db, key, head),
    since: (head) => verifyAuditChainSinceIn(db, key, head),
    close: () => Promise.resolve(engineOf(db).close()),
  };
}

async function wholeCheck(trail: Trail, head: AuditHead | null, dataDir: string): Promise<number> {
  const report = await trail.whole(head);
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

async function checkSinceHead(trail: Trail, head: AuditHead): Promise<number> {
  const report = await trail.since(head);
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
  const databaseUrl = process.env.DATABASE_URL;
  const keyPath = join(dataDir, AUDIT_KEY_FILE);
  if ((!databaseUrl && !existsSync(databasePath)) || !existsSync(keyPath)) {
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
  const trail = databaseUrl ? postgresTrail(databaseUrl, key) : sqliteTrail(databasePath, key);
  try {
    if (!options['since-checkpoint']) return await wholeCheck(trail, head, dataDir);
    if (head) return await checkSinceHead(trail, head);
    console.log(text.auditNoHeadToStart({ dataDir, file: AUDIT_HEAD_FILE }));
    return await wholeCheck(trail, head, dataDir);
  } finally {
    await trail.close();
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
