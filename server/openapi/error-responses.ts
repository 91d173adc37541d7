// The error answers of API.md "Errors" in the API description: one body (ErrorBody), the statuses
// most operations share described once under components.responses, and which apply to a call.
type Json = Record<string, unknown>;

export const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/ErrorBody` } } },
});

/** The error answers most operations share, described once under components.responses. */
export const sharedErrors = {
  ValidationFailed: errorResponse('Input fails validation (`VALIDATION_FAILED`, with `issues`).'),
  Unauthenticated: errorResponse('No, bad, expired or revoked token (`UNAUTHENTICATED`).'),
  Forbidden: errorResponse(
    'Wrong kind of user (`FORBIDDEN`), or an account pending, disabled or that must change its password, ' +
      'or a medic without the second factor the practice requires (`TWO_FACTOR_REQUIRED`).',
  ),
  NotFound: errorResponse('Missing, or not linked to the caller: existence is never revealed (`NOT_FOUND`, `PATIENT_NOT_FOUND`).'),
  NotJson: errorResponse('A body that is not JSON (`UNSUPPORTED_MEDIA_TYPE`).'),
  RateLimited: errorResponse('Too many sign-in or account calls (`RATE_LIMITED`).'),
  OtherError: errorResponse(
    'Any other failure, with the same body (401 `INVALID_CREDENTIALS` or `INVALID_CODE` from a sign-in; 409 conflicts such as `EMAIL_TAKEN`, `APPOINTMENT_LOCKED`, `LICENSE_NUMBER_REQUIRED`, ' +
      '`PRESCRIPTION_LOCKED`, `APPOINTMENT_HAS_PRESCRIPTIONS`; 500; ' +
      '503 `STORAGE_READ_ONLY` and 507 `STORAGE_FULL` when the storage refuses a write, which then changes nothing).',
  ),
};
export const shared = (name: keyof typeof sharedErrors) => ({ $ref: `#/components/responses/${name}` });

/** The error statuses of API.md "Errors" that apply to a call. */
export function errorResponses(options: { input: boolean; signedIn: boolean; ids: boolean; floods: boolean; body: boolean }): Json {
  return {
    ...(options.input ? { 400: shared('ValidationFailed') } : {}),
    ...(options.signedIn ? { 401: shared('Unauthenticated'), 403: shared('Forbidden') } : {}),
    ...(options.ids || options.signedIn ? { 404: shared('NotFound') } : {}),
    ...(options.body ? { 415: shared('NotJson') } : {}),
    ...(options.floods ? { 429: shared('RateLimited') } : {}),
    default: shared('OtherError'),
  };
}
