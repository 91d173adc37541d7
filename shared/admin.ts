// Shapes and inputs of the practice administration (API.md "Practice administration").
import { z } from 'zod';
import { calendarDateSchema, emailSchema, idSchema, pageNumber, text } from './fields';
import type { USER_STATUSES, USER_TYPES } from './constants';

export interface MedicAccount {
  idMedic: number;
  idUser: number;
  name: string;
  lname: string;
  email: string;
  status: (typeof USER_STATUSES)[number];
  isAdmin: boolean;
  createdAt: string;
}

export interface AccountSummary {
  idUser: number;
  name: string;
  lname: string;
  email: string;
  type: (typeof USER_TYPES)[number];
  status: (typeof USER_STATUSES)[number];
}

export const medicIdInput = z.object({ idMedic: idSchema });
export const userIdInput = z.object({ idUser: idSchema });
export const accountLookupInput = z.object({ email: emailSchema });

// ---------------------------------------------------------------------------------------------
// Audit review (API.md "Second factor, passkeys and oversight"): GET /admin/audit, its CSV and verify.

/** Events on one page of GET /admin/audit. */
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;

/**
 * `action` names one action exactly (`prescription.void`), or every action of a family when it ends
 * with a dot (`prescription.`): the trail's actions are dotted names, so a prefix stops at a dot.
 */
export const isActionPrefix = (action: string) => action.endsWith('.');

// `?from=` with nothing after it filters on nothing, as an absent key does.
const blankIsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const auditFilterShape = {
  /** Practice-local calendar days, both counted: from the start of `from` to the end of `to`. */
  from: blankIsAbsent(calendarDateSchema),
  to: blankIsAbsent(calendarDateSchema),
  /** The actor: whoever acted, or tried to. */
  idUser: blankIsAbsent(idSchema),
  idPatient: blankIsAbsent(idSchema),
  /** A patient's name, or part of it (case and accents ignored): three characters at least, as the patient list's search asks. */
  patient: blankIsAbsent(text({ min: 3, max: 100, lengthKey: 'validation.patientNameLength' })),
  action: blankIsAbsent(text({ max: 100 })),
  outcome: blankIsAbsent(z.enum(AUDIT_OUTCOMES, { error: 'validation.invalid' })),
};

const rangeInOrder = ({ from, to }: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (from && to && from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.agendaRangeOrder' });
};

/** The filter of the CSV export: every key optional. */
export const auditFilterInput = z.object(auditFilterShape).superRefine(rangeInOrder);
export type AuditFilter = z.output<typeof auditFilterInput>;

/** GET /admin/audit: the filter and a page, from 1. */
// `cursor`: the id of the last event of the page before; it reads the next page by keyset (deep pages
// of a long trail cost what the first does), and `page` is then only echoed back.
export const auditEventsInput = z
  .object({ ...auditFilterShape, page: blankIsAbsent(pageNumber), cursor: blankIsAbsent(idSchema) })
  .superRefine(rangeInOrder);
export type AuditEventsInput = z.output<typeof auditEventsInput>;

/** `since=checkpoint`: only the rows after the sealed head are recomputed (the nightly check). */
export const auditVerifyInput = z.object({ since: blankIsAbsent(z.enum(['checkpoint'], { error: 'validation.invalid' })) });

export interface AuditEvent {
  id: number;
  /** The instant, ISO 8601 UTC. */
  at: string;
  /**
   * Who acted, under the name kept on the event (the current one for rows from before names were
   * kept); null when nobody signed in. `anonymous` with an idUser: a failed sign-in to that account.
   */
  actor: { idUser: number; name: string; lname: string; type: 'patient' | 'medic' | 'anonymous' } | null;
  action: string;
  idPatient: number | null;
  /** The patient's current name; null when the event names no patient, or an id that names none. */
  patient: { name: string; lname: string } | null;
  outcome: (typeof AUDIT_OUTCOMES)[number];
  ip: string | null;
  /** Done under emergency access: detail holds the reason given. */
  emergency: boolean;
  detail: string | null;
}

export interface AuditEventsPage {
  events: AuditEvent[];
  page: number;
  pageSize: number;
  total: number;
}

/** GET /admin/audit/verify: what `npm run audit:verify` finds, for the administrator's screen. */
export interface AuditVerification {
  ok: boolean;
  /** Rows whose chain was recomputed and matched. */
  checked: number;
  /** Rows after the last sealed head, which the head cannot vouch for yet (it is written every 5 minutes). */
  unsealed: number;
  /** The first row that does not match its chain; null when none (or when what failed is the head). */
  firstBrokenId: number | null;
}
