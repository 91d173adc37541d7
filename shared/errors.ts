// The stable error codes of API.md and the HTTP status each one answers with.
// The server throws them, the REST adapter and tRPC formatter map them, the client translates them.
export const errorStatus = {
  VALIDATION_FAILED: 400,
  DOCTOR_NOT_FOUND: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  // A wrong, replayed or expired second-factor code, or a challenge that is no longer alive.
  INVALID_CODE: 401,
  FORBIDDEN: 403,
  ACCOUNT_PENDING: 403,
  ACCOUNT_DISABLED: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  // The practice requires a second factor of medics and this one has none yet: set one up first.
  TWO_FACTOR_REQUIRED: 403,
  // A change to the account's second factors asked without the password again (API.md "Account
  // changes that need the password again"): a session alone may not add or remove one.
  REAUTHENTICATION_REQUIRED: 403,
  // A consultation's note is its author's (API.md "A consultation that stays as it was written"):
  // another linked medic writes an addendum instead.
  NOT_AUTHOR: 403,
  NOT_FOUND: 404,
  PATIENT_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  ALREADY_LINKED: 409,
  APPOINTMENT_LOCKED: 409,
  // Prescriptions: a prescriber without a licence number on their profile; a prescription
  // voided already or issued on another day; an appointment that holds what is never deleted.
  LICENSE_NUMBER_REQUIRED: 409,
  PRESCRIPTION_LOCKED: 409,
  APPOINTMENT_HAS_PRESCRIPTIONS: 409,
  METHOD_NOT_ALLOWED: 405,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  // The server's storage refused a write: no room left, or a file system or database made read-only.
  STORAGE_READ_ONLY: 503,
  // The practice's data are encrypted and the server has not been given their key yet (API.md
  // "Encryption at rest"): everything but the unlock (or, for a new practice, the set-up) waits.
  LOCKED: 503,
  STORAGE_FULL: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorStatus, value);

export interface ValidationIssue {
  path: string;
  message: string;
}

/** The body of every failed REST call (API.md "Errors"). */
export interface ErrorBody {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
  issues?: ValidationIssue[];
}
