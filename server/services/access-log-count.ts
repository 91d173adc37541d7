// How many events of a patient's access log there are (everyone's events about the patient but the
// patient's own), kept per connection and brought up to date by counting only the events written
// since. The trail only appends (migration 0014's triggers refuse updates, deletes and
// replacements), so a count up to an event id never changes afterwards. Counted afresh, a trail of
// a decade's long history (tens of thousands of events) cost 1–3 ms of every page of the log, the
// first page included; brought up to date, it costs a look at the few events since the last read.
import type { DbOrTx } from '../db/client';
import { connectionOf, preparedPerConnection } from '../db/prepared';

/** Patients whose count is kept per connection: the ones reading their log lately. */
const KEPT_COUNTS = 10_000;

export interface KeptCount {
  /** The newest event about the patient counted so far (0: none). */
  upTo: number;
  total: number;
}

const keptCounts = preparedPerConnection(() => new Map<string, KeptCount>());

const statementsOf = preparedPerConnection((db) => {
  const sqlite = connectionOf(db);
  return {
    // From the indexes alone: every event about the patient from (patient_id, id), less the patient's
    // own from (actor_user_id, id); one statement, so the count and its newest id are one snapshot.
    whole: sqlite.prepare<{ patientId: number; userId: number }, KeptCount>(
      `select coalesce((select max(id) from audit_events where patient_id = @patientId), 0) as upTo,
        (select count(*) from audit_events where patient_id = @patientId)
        - (select count(*) from audit_events indexed by audit_events_actor_id_idx where actor_user_id = @userId and patient_id = @patientId) as total`,
    ),
    // The events since: a short range of the (patient_id, id) index.
    since: sqlite.prepare<{ patientId: number; userId: number; after: number }, { upTo: number | null; added: number }>(
      `select max(id) as upTo, coalesce(sum(actor_user_id is not @userId), 0) as added
       from audit_events where patient_id = @patientId and id > @after`,
    ),
  };
});

/**
 * The number of events in the access log of `patientId`, whose own account is `patientUserId`, and the
 * newest event about the patient (theirs too) that it counts up to.
 */
export function accessLogCount(db: DbOrTx, patientId: number, patientUserId: number): Readonly<KeptCount> {
  const counts = keptCounts(db);
  const key = `${patientId}:${patientUserId}`;
  const statements = statementsOf(db);
  const kept = counts.get(key);
  let count: KeptCount;
  if (kept) {
    const { upTo, added } = statements.since.get({ patientId, userId: patientUserId, after: kept.upTo })!;
    count = upTo === null ? kept : { upTo, total: kept.total + added };
    counts.delete(key);
  } else {
    count = statements.whole.get({ patientId, userId: patientUserId })!;
  }
  counts.set(key, count);
  if (counts.size > KEPT_COUNTS) counts.delete(counts.keys().next().value!);
  return count;
}
