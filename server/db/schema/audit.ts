import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id } from './columns';

/**
 * Append-only audit trail (HIPAA audit controls). No foreign keys on purpose: the trail
 * outlives the accounts and records it speaks of. Migrations add triggers that refuse
 * UPDATE and DELETE, and an INSERT over an existing id (INSERT OR REPLACE).
 */
export const auditEvents = sqliteTable(
  'audit_events',
  {
    id: id(),
    at: text('at').notNull(),
    actorUserId: integer('actor_user_id'),
    actorType: text('actor_type', { enum: ['patient', 'medic', 'anonymous'] }).notNull(),
    /**
     * The actor's name as it was when the event happened: a medic who renames itself later still
     * shows in the access log under the name it acted with. Null on anonymous events and on rows
     * written before names were kept.
     */
    actorName: text('actor_name'),
    actorLname: text('actor_lname'),
    action: text('action').notNull(),
    patientId: integer('patient_id'),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    ip: text('ip'),
    detail: text('detail'),
    /** Done under emergency access: the patient sees it flagged, with the reason in detail. */
    emergency: integer('emergency', { mode: 'boolean' }).notNull().default(false),
    /**
     * Tamper evidence: HMAC of the previous row's chain and this row's content, under a key kept in
     * DATA_DIR (never here). Null only on rows written before the chain began.
     */
    chain: text('chain'),
  },
  // The administrator's review (services/audit-review.ts) reads newest first, that is by id, under any
  // of its filters; an index on (x, id) hands it a filter's rows already in that order. (patient, at)
  // is the patient's own access log's, which reads by time.
  (t) => [
    index('audit_events_patient_at_idx').on(t.patientId, t.at),
    index('audit_events_patient_id_idx').on(t.patientId, t.id),
    index('audit_events_actor_id_idx').on(t.actorUserId, t.id),
    index('audit_events_action_id_idx').on(t.action, t.id),
    index('audit_events_at_idx').on(t.at),
  ],
);
