// What a locked practice is asked (API.md "Encryption at rest"): `POST /api/unlock` with the practice
// passphrase or the recovery key, and, for a new practice, `POST /api/unlock/setup` with the
// passphrase it chooses. Shared by the locked server (validation) and the unlock and set-up pages.
// Messages are i18n keys under "validation.*", as in the other schemas.
import { z } from 'zod';
import { MIN_PRACTICE_PASSPHRASE_LENGTH } from './constants';

/** Longer than any passphrase a person types; argon2 hashes whatever it is given, so it is bounded. */
const MAX_PASSPHRASE_LENGTH = 1024;

// Like passwords, a passphrase is never shown and only ever hashed: any character is allowed.
const typedPassphrase = z
  .string({ error: 'validation.passphraseRequired' })
  .min(1, 'validation.passphraseRequired')
  .max(MAX_PASSPHRASE_LENGTH, 'validation.tooLong');

// Read off paper: case, spaces and dashes do not matter (server/encryption/practice-key.ts parses it).
const typedRecoveryKey = z.string({ error: 'validation.recoveryKeyRequired' }).min(1, 'validation.recoveryKeyRequired').max(200, 'validation.tooLong');

export const unlockWithPassphrase = z.object({ passphrase: typedPassphrase }).strict();
export const unlockWithRecoveryKey = z.object({ recoveryKey: typedRecoveryKey }).strict();

/** One of the two, never both: the server says which one failed in its log and audit trail. */
export const unlockInput = z.union([unlockWithPassphrase, unlockWithRecoveryKey]);
export type UnlockInput = z.infer<typeof unlockInput>;

export const newPracticePassphrase = typedPassphrase.min(MIN_PRACTICE_PASSPHRASE_LENGTH, 'validation.passphraseTooShort');

export const setUpInput = z.object({ passphrase: newPracticePassphrase }).strict();
export type SetUpInput = z.infer<typeof setUpInput>;

/** The set-up page asks for the passphrase twice; the second never leaves the browser. */
export const setUpForm = z
  .object({ passphrase: newPracticePassphrase, confirmPassphrase: z.string() })
  .refine((form) => form.passphrase === form.confirmPassphrase, { path: ['confirmPassphrase'], message: 'validation.passphrasesDoNotMatch' });

/** `GET /api/health` of a locked server: 503, and whether the practice is new (to be set up) or waits for its key. */
export interface LockedHealthBody {
  status: 'locked';
  setup: boolean;
  release: string;
}

/** `201` of `POST /api/unlock/setup`: the recovery key, shown this once. */
export interface SetUpAnswer {
  recoveryKey: string;
}
