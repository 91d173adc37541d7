// `npm run audit:verify`: recomputes the audit trail's HMAC chain over DATA_DIR's database, checks it
// against the sealed head in DATA_DIR/audit-head (rows cut from the end, chains nulled), and says
// what is wrong. Exit 0 when intact, 1 on any failure, 2 when there is no database or key to check.
// `-- --since-checkpoint`: only the rows after the sealed head (the nightly check); see HELP.
import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { verifyAuditChain, type ChainReport } from '../server/audit/audit-chain';
import { verifyAuditChainSince } from '../server/audit/audit-checkpoint';
import { AUDIT_HEAD_FILE, AuditHeadError, readAuditHead, type AuditHead } from '../server/audit/audit-head';
import { AUDIT_KEY_FILE } from '../server/audit/audit-key';

const HELP = `npm run audit:verify [-- --since-checkpoint]

Checks the audit trail in DATA_DIR (default ./data) against its HMAC chain and its sealed head.

  (no option)          The whole check: recomputes the chain of every row, and checks that every
                       row up to the sealed head is there. Tens of seconds on millions of rows.
  --since-checkpoint   The nightly check: starts from the sealed head (DATA_DIR/audit-head, written
                       by the server every five minutes over rows whose chain it had just
                       recomputed). Checks that the head's row still carries the chain value it
                       sealed and that no row up to it is missing (their count), and recomputes the
                       chain only for the rows after it. It does NOT recompute the rows up to the
                       head: a row edited after it was sealed is seen only by the whole check. Run
                       the whole check too, now and then (weekly, and after a restore).
  --help               This text.

Exit 0 when intact, 1 on any failure, 2 when DATA_DIR holds no database or audit key.`;

function describe(report: ChainReport): void {
  console.log(report.problem!.message);
  const unchained = report.unsealed ? ` (${report.unsealed} rows before the first sealed one carry no chain)` : '';
  console.log(`${report.verified} rows ${report.firstMismatch ? 'before it ' : ''}verified by the chain${unchained}.`);
}

function wholeCheck(sqlite: Database.Database, key: string, head: AuditHead | null, dataDir: string): number {
  const report = verifyAuditChain(sqlite, key, head);
  if (report.problem) {
    describe(report);
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
}

function checkSinceHead(sqlite: Database.Database, key: string, head: AuditHead): number {
  const report = verifyAuditChainSince(sqlite, key, head);
  if (report.problem) {
    describe(report);
    return 1;
  }
  console.log(`Audit chain intact since the checkpoint: ${report.verified} rows after the sealed head of ${head.writtenAt} (row ${head.lastId}) verified.`);
  console.log(`The ${head.count} rows up to it are all there; they were not recomputed (the whole check, without --since-checkpoint, does that).`);
  return 0;
}

function main(): number {
  const { values: options } = parseArgs({ options: { 'since-checkpoint': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } } });
  if (options.help) {
    console.log(HELP);
    return 0;
  }
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
    if (!options['since-checkpoint']) return wholeCheck(sqlite, key, head, dataDir);
    if (head) return checkSinceHead(sqlite, key, head);
    console.log(`No sealed head in ${dataDir} (${AUDIT_HEAD_FILE}) to start from: checking the whole trail.`);
    return wholeCheck(sqlite, key, head, dataDir);
  } finally {
    sqlite.close();
  }
}

process.exitCode = main();
