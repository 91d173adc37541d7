// `npx tsx scripts/bench/cipher-cost.ts [--rounds 3]`: what each of SQLite3MultipleCiphers' ciphers
// costs the writes a read leaves behind. A database shaped like the audit trail (a row and five
// indexes, 200,000 rows) takes commits of 5 rows, as the audit batch commits them, and a second
// connection checkpoints the WAL as the server's worker does; the process's CPU time is counted for
// each (not the wall clock, which the machine's other work moves). Prints, per cipher, the CPU of a
// commit, of a read of cached pages and of the checkpoint, and per page written and checkpointed
// above the plain database's. The ciphers take turns, round by round.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_CIPHER_PRAGMAS, keyStatement } from '../../server/encryption/database-cipher';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });

/** The pragmas before the key: the cipher, and for AEGIS its algorithm, the server's own. */
const CIPHERS: Record<string, string[] | null> = {
  plain: null,
  'AEGIS-256': [...DATABASE_CIPHER_PRAGMAS],
  'ChaCha20-Poly1305': ["cipher = 'chacha20'"],
  'AES-256-CBC (no authentication)': ["cipher = 'aes256cbc'"],
  'SQLCipher (AES-256-CBC, HMAC-SHA512)': ["cipher = 'sqlcipher'"],
};
const COMMITS = 4_000;
const CHECKPOINT_EVERY = 40;
const key = keyStatement('key', randomBytes(32));

function open(path: string, cipher: string[] | null): Database.Database {
  const sqlite = new Database(path);
  if (cipher) for (const pragma of [...cipher, key]) sqlite.pragma(pragma);
  sqlite.pragma('journal_mode = WAL');
  // No flush: the disk's own time is not the cipher's.
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -16384');
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

function cpuOf(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

interface Measure {
  commit: number;
  read: number;
  checkpoint: number;
  frames: number;
}

function measure(cipher: string[] | null): Measure {
  const dir = mkdtempSync(join(tmpdir(), 'expediente-cipher-'));
  try {
    const path = join(dir, 'trail.db');
    const seed = open(path, cipher);
    seed.exec(`create table events (id integer primary key, at text, actor integer, patient integer, action text, detail text, chain text);
      create index events_actor on events (actor, at); create index events_patient_at on events (patient, at);
      create index events_patient_id on events (patient, id); create index events_action on events (action, at); create index events_at on events (at);`);
    const seedRow = seed.prepare('insert into events (at, actor, patient, action, detail, chain) values (?, ?, ?, ?, ?, ?)');
    seed.transaction(() => {
      for (let n = 0; n < 200_000; n += 1) seedRow.run(new Date(1.7e12 + n * 1000).toISOString(), n % 50, (n * 7919) % 5000, 'read', 'record', randomBytes(16).toString('hex'));
    })();
    seed.pragma('wal_checkpoint(TRUNCATE)');
    seed.close();

    const writer = open(path, cipher);
    const checkpointer = open(path, cipher);
    const insert = writer.prepare('insert into events (at, actor, patient, action, detail, chain) values (?, ?, ?, ?, ?, ?)');
    const read = writer.prepare('select count(*) from events where patient = ?');
    for (let n = 0; n < 5_000; n += 1) read.get(n % 5000);
    let row = 0;
    const commit = writer.transaction(() => {
      for (let n = 0; n < 5; n += 1) {
        row += 1;
        insert.run(new Date(1.8e12 + row * 10).toISOString(), row % 50, 42, 'read', 'record', randomBytes(16).toString('hex'));
      }
    });
    const total = { commit: 0, read: 0, checkpoint: 0, frames: 0 };
    for (let n = 0; n < COMMITS; n += 1) {
      total.commit += cpuOf(() => commit());
      total.read += cpuOf(() => read.get((n * 13) % 5000));
      if (n % CHECKPOINT_EVERY === CHECKPOINT_EVERY - 1) {
        total.checkpoint += cpuOf(() => {
          const [result] = checkpointer.pragma('wal_checkpoint(PASSIVE)') as { checkpointed: number }[];
          total.frames += result!.checkpointed;
        });
      }
    }
    writer.close();
    checkpointer.close();
    return { commit: total.commit / COMMITS, read: total.read / COMMITS, checkpoint: total.checkpoint / COMMITS, frames: total.frames / COMMITS };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const runs = new Map<string, Measure[]>(Object.keys(CIPHERS).map((name) => [name, []]));
for (let round = 0; round < Number(args.rounds); round += 1) {
  for (const [name, cipher] of Object.entries(CIPHERS)) runs.get(name)!.push(measure(cipher));
}
const mean = (measures: Measure[], field: keyof Measure) => measures.reduce((sum, m) => sum + m[field], 0) / measures.length;
const perCommit = (measures: Measure[]) => mean(measures, 'commit') + mean(measures, 'checkpoint');
const plain = runs.get('plain')!;
console.log(`CPU per commit of 5 rows (µs), ${args.rounds} rounds of ${COMMITS} commits, checkpointed every ${CHECKPOINT_EVERY}:\n`);
console.log('| cipher | commit | read of cached pages | checkpoint | pages a commit | per page above plain |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [name, measures] of runs) {
  const above = (perCommit(measures) - perCommit(plain)) / mean(measures, 'frames');
  console.log(
    `| ${name} | ${mean(measures, 'commit').toFixed(1)} | ${mean(measures, 'read').toFixed(1)} | ${mean(measures, 'checkpoint').toFixed(1)} | ` +
      `${mean(measures, 'frames').toFixed(1)} | ${name === 'plain' ? '' : `${above.toFixed(1)} µs`} |`,
  );
}
