// The audit trail of a decade: sign-ins, list and record reads, agenda reads, consultations
// written, prescriptions, downloads and link acceptances, in time order, each chained with the
// server's own functions (audit-chain.ts) under DATA_DIR's audit key, then sealed with a head as
// the server's head writer seals it (audit-head-writer.ts), so `npm run audit:verify` holds.
// The chain is carried in memory rather than read back per row, which is what makes millions of
// rows take seconds; the values are the ones record-audit.ts would compute for the same rows.
import type Database from 'better-sqlite3';
import type { Db } from '../../../server/db/client';
import { rawGet, rawRun } from '../../../server/db/raw-sql';
import { canonicalContent, chainValue, type AuditContent } from '../../../server/audit/audit-chain';
import { computeAuditHead, signAuditHead, writeAuditHead } from '../../../server/audit/audit-head';
import type { DecadeClock } from './decade-clock';
import type { DecadePlan } from './decade-plan';
import type { SeededMedic, SeededPatients } from './seed-people';
import type { Random } from '../../../server/commands/demo/random';
import { insertInBatches, type Progress, type TableTiming } from './timed-batches';

/** What a day of a practice writes to its trail, as shares of all events (they add up to 1). */
const MIX: readonly [string, number][] = [
  ['patient.detail', 0.45],
  ['patients.list', 0.15],
  ['auth.login', 0.1],
  ['agenda.read', 0.1],
  ['appointment.create', 0.06],
  ['appointment.update', 0.04],
  ['prescription.create', 0.03],
  ['files.download', 0.03],
  ['patient.self', 0.03],
  ['linkRequests.accept', 0.01],
];

function actionAt(draw: number): string {
  let sum = 0;
  for (const [action, share] of MIX) {
    sum += share;
    if (draw < sum) return action;
  }
  return MIX[0]![0];
}

const INSERT_EVENT = `insert into audit_events (at, actor_user_id, actor_type, actor_name, actor_lname, action, patient_id, outcome, ip, detail, emergency, chain)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`;

export async function seedAudit(
  db: Db,
  plan: DecadePlan,
  clock: DecadeClock,
  random: Random,
  medics: SeededMedic[],
  patients: SeededPatients,
  auditKey: string,
  progress: Progress,
): Promise<TableTiming> {
  // A trail already written (a seeder run twice) goes on from its last chain value.
  let previous = (await rawGet<{ chain: string | null }>(db, 'select chain from audit_events order by id desc limit 1'))?.chain ?? null;
  const span = clock.endMs - clock.startMs;
  const timing = await insertInBatches(db, 'audit_events', plan.auditEvents, async (index) => {
    // Time order with the id order, as the server writes them: evenly spread, a little jitter.
    const at = clock.iso(clock.startMs + Math.floor(((index + random.next() * 0.5) / plan.auditEvents) * span));
    const action = actionAt(random.next());
    const patient = random.int(0, patients.ids.length - 1);
    const event = eventFor(action, patient, medics, patients, random);
    const content: AuditContent = { at, ip: `192.168.1.${10 + random.int(0, 40 - 1)}`, emergency: false, action, ...event };
    const chain = chainValue(auditKey, previous, canonicalContent(content));
    await rawRun(db, INSERT_EVENT, [at, content.actorUserId, content.actorType, content.actorName, content.actorLname, action, content.patientId, content.outcome, content.ip, content.detail, chain]);
    previous = chain;
    return 1;
  }, progress);
  return timing;
}

type EventParts = Omit<AuditContent, 'at' | 'ip' | 'emergency' | 'action'>;

function eventFor(action: string, patient: number, medics: SeededMedic[], patients: SeededPatients, random: Random): EventParts {
  const medic = medics[patients.firstMedic[patient]!]!;
  const asMedic = { actorUserId: medic.userId, actorType: 'medic', actorName: medic.name, actorLname: medic.lname };
  const asPatient = { actorUserId: patients.userIds[patient]!, actorType: 'patient', actorName: patients.names[patient]!, actorLname: patients.lnames[patient]! };
  const patientId = patients.ids[patient]!;
  switch (action) {
    case 'auth.login': {
      // Now and then a mistyped password, as a real trail has.
      const failed = random.chance(0.03);
      return failed
        ? { actorUserId: null, actorType: 'anonymous', actorName: null, actorLname: null, patientId: null, outcome: 'failure', detail: 'wrong password' }
        : { ...(random.chance(0.8) ? asMedic : asPatient), patientId: null, outcome: 'success', detail: null };
    }
    case 'patients.list':
      return { ...asMedic, patientId: null, outcome: 'success', detail: `50 of ${patients.ids.length} patients` };
    case 'agenda.read':
      return { ...asMedic, patientId: null, outcome: 'success', detail: `week: ${5 + random.int(0, 30 - 1)} appointments` };
    case 'patient.self':
      return { ...asPatient, patientId, outcome: 'success', detail: null };
    case 'linkRequests.accept':
      return { ...asPatient, patientId, outcome: 'success', detail: `medic ${medic.id}` };
    default:
      return { ...asMedic, patientId, outcome: 'success', detail: null };
  }
}

/**
 * What the head writer does at each tick (audit-head-writer.ts): flush the WAL so the rows the head
 * names are on disk, then write the signed head. Run once, after the last seeded row, on the
 * database's SQLite writer (the checkpoint and the head are SQLite's machinery).
 */
export function sealAuditHead(sqlite: Database.Database, dataDir: string, auditKey: string): void {
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const head = computeAuditHead(sqlite);
  if (head) writeAuditHead(dataDir, signAuditHead(head, auditKey));
}
