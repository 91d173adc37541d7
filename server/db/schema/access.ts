// How a medic comes to see a patient besides a link: a request the patient has yet to answer,
// and emergency ("break the glass") access, read-only and time-limited.
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { LINK_REQUEST_STATUSES } from '../../../shared/constants';
import { createdAt, id } from './columns';
import { medicRef, patientRef } from './patients';

/** A medic asks to see a patient's record; the patient accepts (a link) or declines. One row per pair. */
export const linkRequests = sqliteTable(
  'link_requests',
  {
    id: id(),
    medicId: medicRef(),
    patientId: patientRef(),
    status: text('status', { enum: LINK_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: text('decided_at'),
  },
  (t) => [
    uniqueIndex('link_requests_medic_patient_unique').on(t.medicId, t.patientId),
    index('link_requests_patient_status_idx').on(t.patientId, t.status),
  ],
);

/** Read-only access to one record for emergency care, with the reason the medic gave. Never deleted. */
export const emergencyAccesses = sqliteTable(
  'emergency_accesses',
  {
    id: id(),
    medicId: medicRef(),
    patientId: patientRef(),
    reason: text('reason').notNull(),
    /** The medic's name when they broke the glass: the administrator's list shows who acted, as they were then. */
    medicName: text('medic_name'),
    medicLname: text('medic_lname'),
    startedAt: text('started_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [
    index('emergency_accesses_medic_patient_idx').on(t.medicId, t.patientId, t.expiresAt),
    index('emergency_accesses_started_idx').on(t.startedAt),
  ],
);
