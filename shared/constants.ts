// Business constants of SPEC.md §9, in one place for server and client.
export const MIN_PASSWORD_LENGTH = 6;
/**
 * The practice passphrase (API.md "Encryption at rest") is chosen once and guards a copy of the
 * whole disk, against guesses made offline: as long as the backups' and the practice authority's.
 */
export const MIN_PRACTICE_PASSPHRASE_LENGTH = 12;
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
export const LONG_PRESS_MS = 500;
export const RECENT_PATIENT_DAYS = 7;
/**
 * A medication is current for this many days: a prescription's items while it is not voided;
 * the free-text medications of an appointment without prescriptions while it is open.
 */
export const ACTIVE_MEDICATION_DAYS = 90;
export const SKELETON_CARDS = 12;
export const DEFAULT_PATIENT_PHONE = '0000000000';
export const DEFAULT_PATIENT_ADDRESS = 'No especificada';
export const OPENED_FILE_URL_REVOKE_MS = 100;
export const CONTEXT_MENU_LISTENER_DELAY_MS = 100;
export const SHOW_MORE_STEP = 5;
export const DASHBOARD_VITALS_LIMIT = 5;
export const DASHBOARD_LABS_LIMIT = 10;
export const SEARCH_RESULTS_LIMIT = 20;
/** The medic's patient list comes in pages (API.md "Paged patient list"): this many by default, at most the max. */
export const PATIENT_PAGE_SIZE = 50;
export const PATIENT_PAGE_MAX = 200;
export const QUERY_STALE_MS = 300_000;
export const QUERY_GC_MS = 600_000;
export const QUERY_RETRIES = 1;
export const BLOOD_GROUPS = ['A', 'B', 'AB', 'O'] as const;
/** Administrative sex, as FHIR's Patient.gender has it. */
export const SEXES = ['female', 'male', 'other', 'unknown'] as const;
export const BLOOD_RH = ['+', '-'] as const;
export const USER_TYPES = ['patient', 'medic'] as const;
export const USER_STATUSES = ['active', 'pending', 'disabled'] as const;
export const LINK_REQUEST_STATUSES = ['pending', 'declined'] as const;
/** Emergency ("break the glass") access: how long it lasts unless EMERGENCY_ACCESS_HOURS says otherwise. */
export const DEFAULT_EMERGENCY_ACCESS_HOURS = 4;
/** A signed-in browser left alone this long signs out (IDLE_MINUTES), after a minute's warning. */
export const DEFAULT_IDLE_MINUTES = 30;
export const EMERGENCY_REASON_MIN = 10;
export const EMERGENCY_REASON_MAX = 500;
export const ALLERGY_SEVERITIES = ['Mild', 'Moderate', 'Severe'] as const;
export const RECORD_STATUSES = ['Active', 'Resolved', 'Chronic'] as const;
export const FILE_MAIN_TYPES = ['image', 'video', 'audio', 'pdf'] as const;
/** The most procedures one tRPC request may call (server limit and client batch link alike). */
export const TRPC_MAX_BATCH = 10;
