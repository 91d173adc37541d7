// Seeds "a decade of a practice" straight into SQLite: a DATA_DIR as the server
// makes it (its migrations, pragmas and key files), filled with SQL inserts through the database
// handle in large transactions (timed-batches.ts), through the real triggers, so every derived
// table (list sort keys, counts and versions, the search index, record versions) is what the
// server's own writes would have left.
// Deterministic: the same seed, years and scale seed the same practice (bar random codes and keys).
// Given a passphrase, the practice is encrypted as a new practice is: its key set up first.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_KEY_FILE } from '../../../server/audit/audit-key';
import { hashPassword } from '../../../server/auth/passwords';
import { openDatabase } from '../../../server/db/client';
import { sqliteEngineOf } from '../../../server/db/engine';
import { rawGet } from '../../../server/db/raw-sql';
import { setUpPracticeKey } from '../../../server/encryption/new-practice-key';
import { openWithPassphrase, readPracticeKeyFile } from '../../../server/encryption/practice-key';
import { rememberPracticeKey } from '../../../server/encryption/unlocked-practices';
import { createSecret, ensureDataDir, readOrCreateSecret } from '../../../server/secrets';
import { decadeClock } from './decade-clock';
import { planDecade, type DecadePlan } from './decade-plan';
import { seedAppointments } from './seed-appointments';
import { sealAuditHead, seedAudit } from './seed-audit';
import { seedDocuments } from './seed-documents';
import { seedMeasurements } from './seed-measurements';
import { seedMedics, seedPatients } from './seed-people';
import { seededRandom } from '../../../server/commands/demo/random';
import type { Progress, TableTiming } from './timed-batches';

/** Every seeded account's password: hashing 50,000 would measure argon2, not the practice. */
export const DECADE_PASSWORD = 'decada-de-consulta-10';
/** The practice passphrase of the bench's encrypted decade, which its server and tools are given (PASSPHRASE). */
export const DECADE_PASSPHRASE = 'una decada de consulta cifrada';

export interface SeedDecadeOptions {
  dataDir: string;
  years: number;
  /** 0 < scale <= 1: multiplies every count, so a test seeds a tiny decade. */
  scale?: number;
  seed?: number;
  progress?: Progress;
  /** An encrypted practice: its practice key (PRODUCTION_ARGON2) set up before anything is stored. */
  passphrase?: string;
}

export interface SeededDecade {
  dataDir: string;
  plan: DecadePlan;
  /** Every medic signs in with DECADE_PASSWORD; the first is the administrator. */
  medics: { email: string; idMedic: number }[];
  password: string;
  /** The administrator's patients, both: plan.longHistoryAppointments and plan.shortHistoryAppointments appointments. */
  longHistoryPatientId: number;
  shortHistoryPatientId: number;
  timings: TableTiming[];
  seconds: number;
  databaseBytes: number;
}

export async function seedDecade(options: SeedDecadeOptions): Promise<SeededDecade> {
  const started = performance.now();
  const progress = options.progress ?? ((line: string) => console.log(line));
  const plan = planDecade(options.years, options.scale ?? 1);
  const { dataDir } = options;
  ensureDataDir(dataDir);
  if (readPracticeKeyFile(dataDir)) throw new Error(`${dataDir} already holds a practice key; seed a decade into an empty DATA_DIR`);
  if (options.passphrase) await setUpPracticeKey(dataDir, options.passphrase);
  const db = openDatabase(join(dataDir, 'expediente.db'));
  const engine = sqliteEngineOf(db);
  if ((await rawGet<{ n: number }>(db, 'select count(*) as n from users'))!.n > 0) {
    engine.close();
    throw new Error(`${dataDir} already holds a practice; seed a decade into an empty DATA_DIR`);
  }
  // The key files as a fresh server makes them: the audit key and JWT secret at its first start
  // (startup-keys.ts, app.ts), the document key at the first upload (seed-documents.ts).
  const auditKey = createSecret(dataDir, AUDIT_KEY_FILE);
  readOrCreateSecret(dataDir, 'jwt-secret');
  // Indexes of millions of rows are written in random order; a larger page cache for the writer,
  // which every batch's transaction runs on, saves re-reading their pages. Durability stays the
  // server's (synchronous = FULL): with 25,000 rows a commit, its cost is small.
  engine.writer.pragma('cache_size = -262144');

  try {
    const random = seededRandom(options.seed ?? 20_251_125);
    const clock = decadeClock(plan.years);
    const passwordHash = await hashPassword(DECADE_PASSWORD);
    progress(`Seeding ${plan.years} years at scale ${options.scale ?? 1} into ${dataDir}`);
    const medics = await seedMedics(db, plan, clock, passwordHash);
    const { patients, timings } = await seedPatients(db, plan, clock, random, medics, passwordHash, progress);
    timings.push(...(await seedAppointments(db, plan, clock, random, medics, patients, progress)));
    timings.push(...(await seedMeasurements(db, plan, clock, random, patients, progress)));
    timings.push(await seedDocuments(db, dataDir, plan, clock, random, medics, patients, progress));
    timings.push(await seedAudit(db, plan, clock, random, medics, patients, auditKey, progress));
    // No ANALYZE: the server never runs one, so a practice ten years old has no statistics either.
    const sealStarted = performance.now();
    sealAuditHead(engine.writer, dataDir, auditKey);
    progress(`checkpoint and audit head: ${((performance.now() - sealStarted) / 1000).toFixed(1)} s`);
    const databaseBytes = statSync(join(dataDir, 'expediente.db')).size;
    const seconds = (performance.now() - started) / 1000;
    progress(`Done in ${seconds.toFixed(1)} s; database ${(databaseBytes / 1024 / 1024).toFixed(1)} MiB`);
    return {
      dataDir,
      plan,
      medics: medics.map((medic) => ({ email: medic.email, idMedic: medic.id })),
      password: DECADE_PASSWORD,
      longHistoryPatientId: patients.ids[0]!,
      shortHistoryPatientId: patients.ids[1]!,
      timings,
      seconds,
      databaseBytes,
    };
  } finally {
    engine.close();
  }
}

/**
 * Opens a decade seeded before with its passphrase, for this process to read it: true when it is
 * encrypted (and now unlocked), false when it is plain (seeded before practices were encrypted).
 */
export async function unlockDecade(dataDir: string, passphrase = DECADE_PASSPHRASE): Promise<boolean> {
  const keyFile = readPracticeKeyFile(dataDir);
  if (!keyFile) return false;
  const masterKey = await openWithPassphrase(keyFile, passphrase);
  if (!masterKey) throw new Error(`the passphrase does not open the practice key of ${dataDir}`);
  rememberPracticeKey(dataDir, masterKey);
  return true;
}
