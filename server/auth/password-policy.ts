// New passwords must not be among the ~49,000 most common ones (zxcvbn-ts' list, a maintained
// package), besides SPEC's minimum length, which the shared schema checks. Only the server holds
// the list, so the client bundle stays small; the client shows the server's message.
import { AppError } from '../errors';

let common: Promise<Set<string>> | undefined;

/**
 * Loaded and built on first use: start-up (the package unpacks its lists when it is evaluated,
 * 26 ms of every start, profiled on the decade) and the tests that never set a password
 * do not pay for it.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));
  return common;
}

/** The list is lower case; 'Password1' is as guessable as 'password1'. */
export const isCommonPassword = async (password: string): Promise<boolean> => (await commonPasswords()).has(password.toLowerCase());

/** Throws VALIDATION_FAILED naming `field` when the password is too common to be accepted. */
export async function assertUncommonPassword(password: string, field: string): Promise<void> {
  if (!(await isCommonPassword(password))) return;
  throw new AppError('VALIDATION_FAILED', 'Invalid input. That password is too common: choose one that is harder to guess.', [
    { path: field, message: 'validation.passwordTooCommon' },
  ]);
}
