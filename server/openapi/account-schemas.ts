// The API description's answers about accounts and signing in (API.md "Shapes", "Second factor,
// passkeys and oversight"): the user and the session, the second step of a sign-in, TOTP, and the
// WebAuthn options of passkeys. Checked against tRPC's outputs in responses.ts.
import { z } from 'zod';
import { USER_STATUSES, USER_TYPES } from '../../shared/constants';
import { SECOND_FACTOR_METHODS } from '../../shared/second-factor';
import { id, nullableText, text } from './schema-parts';

export const userSchema = z
  .object({
    idUser: id,
    name: text,
    lname: text,
    email: text,
    type: z.enum(USER_TYPES),
    phone: nullableText,
    address: nullableText,
    isAdmin: z.boolean(),
    status: z.enum(USER_STATUSES),
    mustChangePassword: z.boolean(),
    twoFactor: z
      .object({ totp: z.boolean(), passkeys: z.number().int().nonnegative() })
      .meta({ description: 'The second factors the account has: a confirmed authenticator app (TOTP), and how many passkeys' }),
  })
  .meta({ id: 'User' });

export const sessionSchema = z.object({ access_token: text, user: userSchema }).meta({ id: 'Session' });
/** A right password on an account with a second factor: no token yet. */
export const secondFactorChallengeSchema = z
  .object({
    twoFactorRequired: z.literal(true),
    challenge: text.meta({ description: 'Sent back with the code to POST /auth/login/second-factor; lives 5 minutes, dies after 5 wrong codes' }),
    methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
  })
  .meta({ id: 'SecondFactorChallenge' });
export const totpSetupSchema = z
  .object({ secret: text.meta({ description: 'Base32, to type into an app that cannot scan' }), otpauthUri: text })
  .meta({ id: 'TotpSetup' });
export const recoveryCodesSchema = z
  .object({ recoveryCodes: z.array(text).meta({ description: 'Ten single-use codes, xxxxx-xxxxx, shown this once' }) })
  .meta({ id: 'RecoveryCodes' });
export const pendingRegistrationSchema = z
  .object({ pending: z.literal(true), message: text })
  .meta({ id: 'PendingRegistration' });

export const passkeySchema = z.object({ idPasskey: id, name: text, createdAt: text, lastUsedAt: nullableText }).meta({ id: 'Passkey' });
export const newPasskeySchema = passkeySchema.omit({ lastUsedAt: true }).meta({ id: 'NewPasskey' });
const credentialDescriptor = z.object({ id: text, type: z.literal('public-key'), transports: z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).optional() });
const userVerification = z.enum(['required', 'preferred', 'discouraged']);
/**
 * WebAuthn's options, in outline: the WebAuthn specification (its ...OptionsJSON dictionaries)
 * describes them whole; they are handed as they are to @simplewebauthn/browser.
 */
export const webauthnCreationOptionsSchema = z
  .object({
    challenge: text,
    rp: z.object({ id: text, name: text }),
    user: z.object({ id: text.meta({ description: 'The user handle, base64url' }), name: text, displayName: text }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
    timeout: z.number().int(),
    excludeCredentials: z.array(credentialDescriptor),
    authenticatorSelection: z.object({ residentKey: z.enum(['required', 'preferred', 'discouraged']), requireResidentKey: z.boolean(), userVerification }).partial(),
    attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']),
  })
  .partial({ timeout: true, excludeCredentials: true, authenticatorSelection: true, attestation: true })
  .loose()
  .meta({ id: 'WebAuthnCreationOptions', description: 'For navigator.credentials.create() (PublicKeyCredentialCreationOptionsJSON)' });
export const webauthnRequestOptionsSchema = z
  .object({ challenge: text, rpId: text, allowCredentials: z.array(credentialDescriptor), userVerification, timeout: z.number().int() })
  .partial({ rpId: true, allowCredentials: true, userVerification: true, timeout: true })
  .loose()
  .meta({ id: 'WebAuthnRequestOptions', description: 'For navigator.credentials.get() (PublicKeyCredentialRequestOptionsJSON)' });
