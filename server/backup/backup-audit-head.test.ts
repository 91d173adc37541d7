// Every backup carries the audit trail's sealed head, computed from the snapshot it holds; a restore
// refuses a database that lost rows up to that head, and puts the head into the restored DATA_DIR.
// Archives made before heads were kept still restore, judged by the chain alone.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_HEAD_FILE, readAuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { deleteNewestRows, dropAuditTriggers, tamper } from '../audit/audit-tamper.fixture';
import { openDatabase } from '../db/client';
import { openSqlite } from '../db/open-sqlite';
import { practiceForTests } from '../test/encrypted-practice';
import { buildTestApp, loginRequest, register, testConfig, TEST_PASSWORD } from '../test/helpers';
import { ArchiveWriter, type ScryptParams } from './archive-format';
import { createBackup } from './backup';
import { AUDIT_KEY, DATABASE, MANIFEST, writeBytesEntry, writeEnd, writeFileEntry, type Manifest } from './payload';
import { restoreBackup } from './restore';

const TEST_SCRYPT: ScryptParams = { log2N: 10, r: 8, p: 1 };
const PASSPHRASE = 'correct horse battery staple';
let root: string;
let dataDir: string;
let auditKey: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'expediente-backup-head-'));
  dataDir = join(root, 'data');
  mkdirSync(dataDir, { mode: 0o700 });
  const app = await buildTestApp({ config: testConfig({ dataDir }), db: openDatabase(join(dataDir, 'expediente.db')) });
  const session = await register(app, { type: 'patient' });
  for (let i = 0; i < 6; i += 1) await loginRequest(app, session.user.email, TEST_PASSWORD);
  await app.close();
  auditKey = readFileSync(join(dataDir, AUDIT_KEY_FILE), 'utf8').trim();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let made = 0;
const fresh = (name: string) => join(root, `${name}-${++made}`);
const leftovers = () => readdirSync(root).filter((name) => name.startsWith('.restore-'));

function newestRow(path: string): { lastId: number; chain: string; count: number } {
  const sqlite = openSqlite(path, { readonly: true });
  try {
    const newest = sqlite.prepare('select id, chain from audit_events order by id desc limit 1').get() as { id: number; chain: string };
    return { lastId: newest.id, chain: newest.chain, count: sqlite.prepare('select count(*) from audit_events').pluck().get() as number };
  } finally {
    sqlite.close();
  }
}

/** An archive as versions before the sealed head wrote them: the same entries, no head in the manifest. */
async function archiveWithoutHead(databasePath: string): Promise<string> {
  const out = fresh('old.expbak');
  const sqlite = new Database(databasePath, { readonly: true });
  const patients = sqlite.prepare('select count(*) from patients').pluck().get() as number;
  sqlite.close();
  const manifest: Manifest = { format: 'expediente-backup', createdAt: new Date().toISOString(), documentKey: 'absent', auditKey: true, patients, documents: 0, tables: 0, rows: 0 };
  const file = await open(out, 'wx', 0o600);
  try {
    const archive = await ArchiveWriter.create(file, PASSPHRASE, TEST_SCRYPT);
    await writeBytesEntry(archive, MANIFEST, Buffer.from(JSON.stringify(manifest), 'utf8'));
    await writeBytesEntry(archive, AUDIT_KEY, Buffer.from(auditKey, 'utf8'));
    const database = await open(databasePath, 'r');
    await writeFileEntry(archive, DATABASE, database, (await database.stat()).size);
    await database.close();
    await writeEnd(archive);
    await archive.finish();
  } finally {
    await file.close();
  }
  return out;
}

describe('a backup and its sealed head', () => {
  it('carries the head of its snapshot, which restore checks and puts into the restored DATA_DIR', async () => {
    const archive = fresh('b.expbak');
    await createBackup({ dataDir, outFile: archive, passphrase: PASSPHRASE }, { scrypt: TEST_SCRYPT });
    const target = fresh('restored');
    const summary = await restoreBackup({ archive, dataDir: target, passphrase: PASSPHRASE, practice: practiceForTests() });
    expect(summary.auditChain).toMatch(/^intact \(\d+ rows, up to the sealed head of /);
    expect(readAuditHead(target, auditKey)).toMatchObject(newestRow(join(target, 'expediente.db')));

    // The restored server carries on from that head without a complaint.
    const logged: string[] = [];
    const restored = await buildTestApp({
      config: testConfig({ dataDir: target }),
      db: openDatabase(join(target, 'expediente.db')),
      logger: { level: 'error', stream: { write: (line: string) => logged.push(line) } },
    });
    await restored.close();
    expect(logged).toEqual([]);
  });

  it('refuses to restore an archive whose database lost rows up to its head, and writes nothing', async () => {
    const archive = fresh('cut.expbak');
    // The head is computed from the snapshot before this runs: what a cut inside the archive looks like.
    const cut = (snapshot: Database.Database) => {
      dropAuditTriggers(snapshot);
      snapshot.exec(deleteNewestRows(5));
    };
    await createBackup({ dataDir, outFile: archive, passphrase: PASSPHRASE }, { scrypt: TEST_SCRYPT, onSnapshot: cut });
    const target = fresh('target');
    await expect(restoreBackup({ archive, dataDir: target, passphrase: PASSPHRASE, practice: practiceForTests() })).rejects.toThrow(
      /The archived audit trail fails its check, nothing was written: Rows up to the sealed head are missing/,
    );
    expect(existsSync(target)).toBe(false);
    expect(leftovers()).toEqual([]);
  });
});

describe('an archive made before heads were kept', () => {
  it('restores on its chain alone, without a head', async () => {
    const archive = await archiveWithoutHead(join(dataDir, 'expediente.db'));
    const target = fresh('restored-old');
    const summary = await restoreBackup({ archive, dataDir: target, passphrase: PASSPHRASE, practice: practiceForTests() });
    expect(summary.auditChain).toBe(`intact (${newestRow(join(dataDir, 'expediente.db')).count} rows)`);
    expect(existsSync(join(target, AUDIT_HEAD_FILE))).toBe(false);
  });

  it('is refused when a row after the first sealed one has no chain', async () => {
    const copy = fresh('unchained.db');
    const sqlite = new Database(join(dataDir, 'expediente.db'), { readonly: true });
    await sqlite.backup(copy);
    sqlite.close();
    tamper(copy, 'update audit_events set chain = null where id = (select max(id) from audit_events)');
    const archive = await archiveWithoutHead(copy);
    const target = fresh('target-old');
    await expect(restoreBackup({ archive, dataDir: target, passphrase: PASSPHRASE, practice: practiceForTests() })).rejects.toThrow(/has no chain though an earlier row is sealed/);
    expect(existsSync(target)).toBe(false);
    expect(leftovers()).toEqual([]);
  });
});
