// How many events of a patient's access log there are (everyone's events about the patient but the
// patient's own), kept per connection and brought up to date by counting only the events written
// since. The trail only appends (migration 0014's triggers refuse updates, deletes and
// replacements), so a count up to an event id never changes afterwards. Counted afresh, a trail of
// a decade's long history (tens of thousands of events) cost 1–3 ms of every page of the log, the
// first page included; brought up to date, it costs a look at the few events since the last read.
import type { DbOrTx } from '../db/client';
import { preparedPerConnection } from '../db/prepared';
import { rawGet } from '../db/raw-sql';

/** Patients whose count is kept per connection: the ones reading their log lately. */
const KEPT_COUNTS = 10_000;

export interface KeptCount {
  /** The newest event about the patient counted so far (0: none). */
  upTo: number;
  total: number;
}

const keptCounts = preparedPerConnection(() => new Map<string, KeptCount>());

// From the indexes alone: every event about the patient from (patient_id, id), less the patient's
// own from (actor_user_id, id); one statement, so the count and its newest id are one snapshot.
// PostgreSQL has no `indexed by`: its planner chooses.
const WHOLE = {
  sqlite: `select coalesce((select max(id) from audit_events where patient_id = ?), 0) as "upTo",
  (select count(*) from audit_events where patient_id = ?)
  - (select count(*) from audit_events indexed by audit_events_actor_id_idx where actor_user_id = ? and patient_id = ?) as total`,
  postgres: `select coalesce((select max(id) from audit_events where patient_id = $1), 0) as "upTo",
  (select count(*) from audit_events where patient_id = $2)
  - (select count(*) from audit_events where actor_user_id = $3 and patient_id = $4) as total`,
};

// The events since: a short range of the (patient_id, id) index. SQLite sums a comparison (`is not`
// between numbers); PostgreSQL counts the rows `is distinct from` the patient's account.
const SINCE = {
  sqlite: `select max(id) as "upTo", coalesce(sum(actor_user_id is not ?), 0) as added
  from audit_events where patient_id = ? and id > ?`,
  postgres: `select max(id) as "upTo", count(*) filter (where actor_user_id is distinct from $1::bigint) as added
  from audit_events where patient_id = $2 and id > $3`,
};

/**
 * The number of events in the access log of `patientId`, whose own account is `patientUserId`, and the
 * newest event about the patient (theirs too) that it counts up to.
 */
export async function accessLogCount(db: DbOrTx, patientId: number, patientUserId: number): Promise<Readonly<KeptCount>> {
  const counts = keptCounts(db);
  const key = `${patientId}:${patientUserId}`;
  const kept = counts.get(key);
  let count: KeptCount;
  if (kept) {
    const { upTo, added } = (await rawGet<{ upTo: number | null; added: number }>(db, SINCE, [patientUserId, patientId, kept.upTo]))!;
    count = upTo === null ? kept : { upTo, total: kept.total + added };
  } else {
    count = (await rawGet<KeptCount>(db, WHOLE, [patientId, patientId, patientUserId, patientId]))!;
  }
  // Deleted after the await: another request may have brought the same count up to date meanwhile.
  counts.delete(key);
  counts.set(key, count);
  if (counts.size > KEPT_COUNTS) counts.delete(counts.keys().next().value!);
  return count;
}
