// `npm run restore` into a clinic network's PostgreSQL database (--database-url, DATABASE_URL): the
// archive is unpacked and checked exactly as for a practice (restore.ts), then the staged database
// and documents are copied into PostgreSQL by the copy `npm run migrate-to-postgres` makes (one
// transaction: every row, every blob into document_blobs, the counts and bytes checked, and the
// audit chain verified there against the archive's head, or nothing). The directory then receives the keys alone. Only into an
// empty database: one that holds a practice is refused before the archive is read, and nothing
// changes there.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { onOneConnection } from '../db/postgres/connection-pool';
import { parseHostList } from '../db/postgres/host-list';
import type { AuditHead } from '../audit/audit-head';
import { copyPracticeToPostgres, CopyRefused } from './copy-practice-to-postgres';
import { verifyChainOnConnection } from './postgres-chain-check';
import { postgresPracticeRows } from './postgres-practice-rows';
import { practiceText } from '../practice-messages/practice-text';
import { DATABASE } from './payload';
import { RestoreRefused } from './restore-check';

/** The database as a person names it: its name and host, never its password. */
export function databaseLabel(databaseUrl: string): string {
  const list = parseHostList(databaseUrl);
  const url = new URL(list.kind === 'single' ? list.url : list.hosts[0]!.url);
  const hosts = list.kind === 'single' ? url.host : list.hosts.map((host) => host.label).join(', ');
  return `${decodeURIComponent(url.pathname.slice(1))} (${hosts})`;
}

/** Refuses a database that holds a practice, before the archive is read; reads only. */
export async function refuseNonEmptyPostgres(databaseUrl: string): Promise<void> {
  await onOneConnection(databaseUrl, async (client) => {
    const rows = await postgresPracticeRows(client);
    if (rows > 0) throw new RestoreRefused(practiceText().restorePostgresNotEmpty({ database: databaseLabel(databaseUrl), rows }));
  });
}

export interface StagedPractice {
  /** The checked staging directory: an unlocked DATA_DIR with expediente.db and documents/. */
  staging: string;
  /** The staged data are an earlier release's, not upgraded. */
  olderData: boolean;
  auditKey: string | undefined;
  /** The archive's sealed head, already checked against the staged database. */
  auditHead: AuditHead | null;
}

/** Copies the staged practice into the database, verifies its chain there, and leaves the staging directory with the keys alone. */
export async function copyStagedIntoPostgres(staged: StagedPractice, databaseUrl: string): Promise<void> {
  const text = practiceText();
  // Only this release's schema goes in: an earlier release's data are upgraded by its server first.
  if (staged.olderData) throw new RestoreRefused(text.restorePostgresOlderData);
  // The chain verified on the copy before it commits: a copy that would not verify is never kept.
  const verifyChain = async (client: pg.PoolClient) => {
    if (!staged.auditKey) return;
    const chain = await verifyChainOnConnection(client, staged.auditKey, staged.auditHead);
    // Judged as the staged copy was (restore-check.ts): an archive without a head restores a chain
    // broken in the backed-up server, flagged; one row without chain after sealed ones, never.
    if (chain.problem && (staged.auditHead || chain.problem.kind === 'unchained')) {
      throw new Error(text.restorePostgresAuditFails({ database: databaseLabel(databaseUrl), problem: chain.problem.message }));
    }
  };
  try {
    await copyPracticeToPostgres(staged.staging, databaseUrl, { beforeCommit: verifyChain });
  } catch (error) {
    if (error instanceof CopyRefused) throw new RestoreRefused(error.message);
    throw error;
  }
  await rm(join(staged.staging, DATABASE));
  await rm(join(staged.staging, 'documents'), { recursive: true });
}
