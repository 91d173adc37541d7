// What `npm run encrypt` checks a practice by, before and after: every table's row count, every
// document opening under the document key (its tag checked whole), and the audit trail verifying as
// `npm run audit:verify` verifies it (the same chain walk, against the same sealed head).
import type Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { verifyAuditChain } from '../audit/audit-chain';
import { AuditHeadError, readAuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { BlobStore } from '../files/blob-store';
import { decodeDocumentKey, DOCUMENT_KEY_FILE, parseMasterKey } from '../files/document-key';
import { practiceText } from '../practice-messages/practice-text';
import { peekSecretFile } from '../secrets';

/** Each table's row count, by name (SQLite's own tables aside). */
export function rowCounts(sqlite: Database.Database): Map<string, number> {
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
  return new Map(tables.map((table) => [table, sqlite.prepare(`select count(*) from "${table.replaceAll('"', '""')}"`).pluck().get() as number]));
}

/** The first table whose count differs from `before`'s, or null when every one matches. */
export function countThatDiffers(before: Map<string, number>, after: Map<string, number>): { table: string; before: number; after: number } | null {
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    if (before.get(table) !== after.get(table)) return { table, before: before.get(table) ?? 0, after: after.get(table) ?? 0 };
  }
  return null;
}

/** The audit trail as audit:verify judges it: the rows verified, or what is wrong. No audit key yet: no trail to judge. */
export function auditTrailVerdict(sqlite: Database.Database, dataDir: string): { verified: number; problem?: string } {
  if (!existsSync(join(dataDir, AUDIT_KEY_FILE))) return { verified: 0 };
  const key = peekSecretFile(join(dataDir, AUDIT_KEY_FILE));
  let head;
  try {
    head = readAuditHead(dataDir, key);
  } catch (error) {
    if (error instanceof AuditHeadError) return { verified: 0, problem: error.message };
    throw error;
  }
  const report = verifyAuditChain(sqlite, key, head);
  return { verified: report.verified, ...(report.problem ? { problem: report.problem.message } : {}) };
}

/** How many documents opened whole under their key, or the first that did not. */
export async function documentsVerdict(sqlite: Database.Database, dataDir: string, masterKey: string | undefined): Promise<{ opened: number; problem?: string }> {
  const documents = sqlite.prepare('select code, blob_name as blobName from files order by id').all() as { code: string; blobName: string }[];
  if (documents.length === 0) return { opened: 0 };
  // The same precedence as the server's (files/document-key.ts): MASTER_KEY first, then the file.
  const blobs = new BlobStore(join(dataDir, 'documents'), () =>
    masterKey ? parseMasterKey(masterKey) : decodeDocumentKey(peekSecretFile(join(dataDir, DOCUMENT_KEY_FILE))),
  );
  let opened = 0;
  for (const document of documents) {
    try {
      // open() checks the whole blob's tag before it answers; the stream itself is not needed.
      (await blobs.open(document.blobName, document.code)).stream.destroy();
      opened += 1;
    } catch {
      return { opened, problem: practiceText().encryptDocumentFails({ code: document.code.slice(0, 8) }) };
    }
  }
  return { opened };
}
