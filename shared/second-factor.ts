// Second factors and passkeys (API.md "Second factor, passkeys and oversight"): the
// shapes server and client agree on. Messages are i18n keys under "validation.*".
import { z } from 'zod';
import type { Session } from './auth';
import { idSchema, text } from './fields';

export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A right password on an account with a second factor: no token yet, a challenge to answer. */
export interface SecondFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
  methods: SecondFactorMethod[];
}

export type LoginResult = Session | SecondFactorChallenge;

export const isSecondFactorChallenge = (value: LoginResult): value is SecondFactorChallenge =>
  'twoFactorRequired' in value && value.twoFactorRequired === true;

/** Six digits; spaces an app shows in the middle ("123 456") are forgiven. */
export const totpCode = z
  .string({ error: 'validation.codeRequired' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'validation.codeRequired').regex(/^\d{6}$/, 'validation.codeInvalid'));

/** Recovery codes are shown as xxxxx-xxxxx; case and the dash are forgiven. */
export const recoveryCodeSchema = z
  .string({ error: 'validation.codeRequired' })
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().min(1, 'validation.codeRequired').regex(/^[a-z0-9]{10}$/, 'validation.recoveryCodeInvalid'));

const challengeId = z.string({ error: 'validation.challengeRequired' }).min(1, 'validation.challengeRequired').max(100);

export const secondFactorInput = z.union([
  z.object({ challenge: challengeId, code: totpCode }).strict(),
  z.object({ challenge: challengeId, recoveryCode: recoveryCodeSchema }).strict(),
]);
export type SecondFactorInput = z.input<typeof secondFactorInput>;

export interface TotpSetup {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
}

export const totpEnableInput = z.object({ code: totpCode }).strict();
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/**
 * The account's password again, for the four changes to its second factors (API.md "Account changes
 * that need the password again"). Optional in the schema: without it the server answers 403
 * REAUTHENTICATION_REQUIRED, which tells a client what to ask for, not a validation error.
 */
const passwordAgain = z.string().max(1024, 'validation.passwordTooLong').optional();
const reauthenticationInput = z.object({ password: passwordAgain }).strict().optional();
export const totpSetupInput = reauthenticationInput;
export const totpDisableInput = reauthenticationInput;
export const passkeyRegistrationOptionsInput = reauthenticationInput;

/** The dialog that asks for it: the password typed, required there. */
export const passwordAgainForm = z.object({ password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(1024) }).strict();

/** Single-line text, so no control character or direction override is stored in a name. */
export const passkeyName = text({ max: 60, requiredKey: 'validation.passkeyNameRequired', lengthKey: 'validation.passkeyNameTooLong' });

/** The browser's answer to navigator.credentials.create/get, as @simplewebauthn/browser gives it (JSON). */
const webauthnResponse = z.record(z.string(), z.unknown());

export const passkeyRegistrationInput = z.object({ response: webauthnResponse, name: passkeyName }).strict();
export const passkeyAuthenticationOptionsInput = z.object({ challenge: challengeId.optional() }).strict().optional();
export const passkeyAuthenticationInput = z.object({ response: webauthnResponse, challenge: challengeId.optional() }).strict();
export const passkeyDeleteInput = z.object({ idPasskey: idSchema, password: passwordAgain }).strict();

export interface Passkey {
  idPasskey: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeyList {
  passkeys: Passkey[];
}

/**
 * The tRPC procedures behind the routes (REST path → procedure), so server, client and tests
 * name them the same way.
 */
export const SECOND_FACTOR_PROCEDURES = {
  loginSecondFactor: 'auth.loginSecondFactor', // POST /auth/login/second-factor
  totpSetup: 'auth.totpSetup', // POST /auth/totp/setup
  totpEnable: 'auth.totpEnable', // POST /auth/totp/enable
  totpDisable: 'auth.totpDisable', // POST /auth/totp/disable
  passkeyRegistrationOptions: 'auth.passkeyRegistrationOptions', // POST /auth/passkeys/registration-options
  passkeyRegistration: 'auth.passkeyRegistration', // POST /auth/passkeys/registration
  passkeys: 'auth.passkeys', // GET /auth/passkeys
  deletePasskey: 'auth.deletePasskey', // DELETE /auth/passkeys/:idPasskey
  passkeyAuthenticationOptions: 'auth.passkeyAuthenticationOptions', // POST /auth/passkeys/authentication-options
  passkeyAuthentication: 'auth.passkeyAuthentication', // POST /auth/passkeys/authentication
  resetSecondFactor: 'admin.resetSecondFactor', // POST /admin/users/:idUser/reset-second-factor
} as const;
