// Passkeys (API.md "Second factor, passkeys and oversight"): WebAuthn credentials with user
// verification, registered by a signed-in user and used either as the second factor after the
// password or alone, in place of email and password. The relying party (host name and origins)
// comes from the configuration (auth/second-factor/relying-party.ts), never from the request.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Session } from '../../../shared/auth';
import type { Passkey, PasskeyList } from '../../../shared/second-factor';
import { refuse, type AuditActor } from '../../audit/record-audit';
import type { RelyingParty } from '../../auth/second-factor/relying-party';
import type { Actor } from '../../auth/sessions';
import { consumeSignInChallenge, countSignInChallengeFailure, findSignInChallenge } from '../../auth/second-factor/sign-in-challenges';
import { saveWebauthnChallenge, takeWebauthnChallenge, WEBAUTHN_CHALLENGE_MINUTES } from '../../auth/second-factor/webauthn-challenges';
import type { DbOrTx } from '../../db/client';
import { passkeys, users } from '../../db/schema/index';
import { AppError, isUniqueViolation } from '../../errors';
import { auditedChange } from '../audited-change';
import { whoIs, type Caller } from '../caller';
import { openSignedInSession, type AccountDeps, type RequestMeta } from '../accounts';
import { findTwoFactorState, toUser } from '../users';

// Loaded at the first passkey ceremony, not at start: with the certificate and CBOR code it brings,
// evaluating it was 80 ms of every start-up (profiled on the decade).
const webauthn = () => import('@simplewebauthn/server');

/**
 * The options as sent. No extension is asked for, and their type is left out: its binary inputs
 * have no JSON form, and would make the client's type of these answers unusable.
 */
export type PasskeyCreationOptions = Omit<PublicKeyCredentialCreationOptionsJSON, 'extensions'>;
export type PasskeyRequestOptions = Omit<PublicKeyCredentialRequestOptionsJSON, 'extensions'>;

/** What registration answers (API.md): the new passkey, never used yet. */
export type NewPasskey = Omit<Passkey, 'lastUsedAt'>;

export interface PasskeyDeps extends AccountDeps {
  relyingParty: RelyingParty;
}

/** Enough for every device a person owns; it bounds the options' credential lists. */
export const MAX_PASSKEYS_PER_USER = 20;

/** The browser's timeout matches the ceremony's life on the server. */
const CEREMONY_MS = WEBAUTHN_CHALLENGE_MINUTES * 60_000;

/** What a browser may say the authenticator is reached by; anything else is not stored. */
const KNOWN_TRANSPORTS = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/**
 * The user handle the authenticator keeps with a passkey and hands back when it signs in without
 * an email. It must never change (an authenticator files its passkeys under rpId and handle) and
 * carries no personal data: the account's row number, which the authenticator's own copy of the
 * email (user.name, shown in its account picker) already outweighs. It authorizes nothing: the
 * credential id finds the passkey, and the passkey's key proves it.
 */
const userHandleOf = (userId: number): Uint8Array<ArrayBuffer> => new TextEncoder().encode(String(userId));
const userHandleText = (userId: number): string => Buffer.from(userHandleOf(userId)).toString('base64url');

type PasskeyRow = typeof passkeys.$inferSelect;

function transportsOf(row: Pick<PasskeyRow, 'transports'>): string[] | undefined {
  if (!row.transports) return undefined;
  try {
    const parsed: unknown = JSON.parse(row.transports);
    return Array.isArray(parsed) ? parsed.filter((value): value is string => typeof value === 'string' && KNOWN_TRANSPORTS.has(value)) : undefined;
  } catch {
    return undefined;
  }
}

const descriptorsOf = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.id))
  ).map((row) => ({ id: row.credentialId, transports: transportsOf(row) }));

const countPasskeys = async (db: DbOrTx, userId: number): Promise<number> =>
  (await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)))[0]?.n ?? 0;

const tooManyPasskeys = () =>
  new AppError('VALIDATION_FAILED', `Invalid input. response: An account can have at most ${MAX_PASSKEYS_PER_USER} passkeys; delete one first.`, [
    { path: 'response', message: 'validation.passkeyLimit' },
  ]);

const alreadyRegistered = () =>
  new AppError('VALIDATION_FAILED', 'Invalid input. response: This passkey is already registered.', [
    { path: 'response', message: 'validation.passkeyAlreadyRegistered' },
  ]);

// ---------------------------------------------------------------------------------------------
// Reading what the browser sent. The body is the browser's JSON as it came; nothing in it is
// trusted before the library has checked it, and none of its text reaches the audit trail.

const stringAt = (value: unknown, key: string): string | undefined => {
  const field = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof field === 'string' ? field : undefined;
};

/** The challenge the browser signed, read from clientDataJSON; undefined when it cannot be read. */
function signedChallengeOf(response: Record<string, unknown>): string | undefined {
  const clientDataJSON = stringAt(response.response, 'clientDataJSON');
  if (!clientDataJSON || clientDataJSON.length > 10_000) return undefined;
  try {
    return stringAt(JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')), 'challenge');
  } catch {
    return undefined;
  }
}

/**
 * Why the library refused an answer, in a few fixed words for the audit trail (its own message
 * quotes what the browser sent).
 */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/origin/i.test(message)) return 'wrong origin';
  if (/RP ?ID/i.test(message)) return 'wrong relying party';
  if (/user verification/i.test(message)) return 'user not verified';
  if (/user (was )?not present|presence/i.test(message)) return 'user not present';
  if (/counter/i.test(message)) return 'signature counter went back';
  if (/challenge/i.test(message)) return 'wrong challenge';
  if (/type/i.test(message)) return 'wrong ceremony type';
  return 'answer not verified';
}

// ---------------------------------------------------------------------------------------------
// Registration: a signed-in user adds a passkey.

export async function passkeyRegistrationOptions(deps: PasskeyDeps, actor: Actor): Promise<PasskeyCreationOptions> {
  if ((await countPasskeys(deps.db, actor.userId)) >= MAX_PASSKEYS_PER_USER) throw tooManyPasskeys();
  const { rpId, rpName } = deps.relyingParty;
  const { extensions: _none, ...options } = await (await webauthn()).generateRegistrationOptions({
    rpName,
    rpID: rpId,
    userName: actor.email,
    userID: userHandleOf(actor.userId),
    userDisplayName: `${actor.name} ${actor.lname}`,
    timeout: CEREMONY_MS,
    attestationType: 'none',
    excludeCredentials: await descriptorsOf(deps.db, actor.userId),
    // A discoverable credential, so that it can sign in without an email; verified, so that it
    // is something the user has and something they know or are.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await saveWebauthnChallenge(deps.db, { challenge: options.challenge, userId: actor.userId, purpose: 'registration', signInChallengeId: null }, deps.now());
  return options;
}

export async function registerPasskey(
  caller: Caller,
  deps: PasskeyDeps,
  input: { response: Record<string, unknown>; name: string },
): Promise<NewPasskey> {
  const { actor } = caller;
  const who = whoIs(caller);
  const fail = async (detail: string, error = new AppError('INVALID_CODE')): Promise<never> =>
    refuse(deps.db, who, { action: 'auth.passkeyRegistration', outcome: 'failure', detail }, error);
  const now = deps.now();
  const challenge = signedChallengeOf(input.response) ?? (await fail('unreadable answer'));
  const ceremony = (await takeWebauthnChallenge(deps.db, challenge, 'registration', now, actor.userId)) ?? (await fail('no such ceremony, or expired'));

  let verification: VerifiedRegistrationResponse;
  try {
    verification = await (await webauthn()).verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: deps.relyingParty.origins,
      expectedRPID: deps.relyingParty.rpId,
      requireUserPresence: true,
      requireUserVerification: true,
    });
  } catch (error) {
    return fail(reasonOf(error));
  }
  if (!verification.verified) return fail('attestation not verified');
  const { credential } = verification.registrationInfo;
  // The browser's word, stored only as hints for the next ceremony: known names, nothing else.
  const transports = Array.isArray(credential.transports) ? credential.transports.filter((transport) => KNOWN_TRANSPORTS.has(transport)) : [];

  let added: NewPasskey | 'already registered' | 'too many passkeys';
  try {
    added = await auditedChange(caller, { action: 'auth.passkeyRegistration' }, async (tx, succeeded): Promise<typeof added> => {
      if ((await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id))).length) return 'already registered';
      if ((await countPasskeys(tx, actor.userId)) >= MAX_PASSKEYS_PER_USER) return 'too many passkeys';
      const [row] = await tx
        .insert(passkeys)
        .values({
          userId: actor.userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          signCount: credential.counter,
          transports: JSON.stringify(transports),
          name: input.name,
          createdAt: now.toISOString(),
        })
        .returning();
      await succeeded({ detail: `passkey ${row!.id}` });
      return { idPasskey: row!.id, name: row!.name, createdAt: row!.createdAt };
    });
  } catch (error) {
    // Two registrations of one credential racing: the unique index decides.
    if (!isUniqueViolation(error)) throw error;
    added = 'already registered';
  }
  if (added === 'already registered') return fail(added, alreadyRegistered());
  if (added === 'too many passkeys') return fail(added, tooManyPasskeys());
  return added;
}

const toPasskey = (row: Pick<PasskeyRow, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): Passkey => ({
  idPasskey: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

export async function listPasskeys(db: DbOrTx, actor: Actor): Promise<PasskeyList> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, actor.userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return { passkeys: rows.map(toPasskey) };
}

/** Only the owner's own: someone else's id is as absent as one that never existed. */
export async function deletePasskey(caller: Caller, idPasskey: number): Promise<void> {
  const { actor } = caller;
  // One that is not there (or another's) leaves no success event; it is refused below, once nothing changed.
  const deleted = await auditedChange(caller, { action: 'auth.deletePasskey' }, async (tx, succeeded) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, idPasskey), eq(passkeys.userId, actor.userId)))
      .returning({ id: passkeys.id });
    if (row) await succeeded({ detail: `passkey ${row.id}` });
    return Boolean(row);
  });
  if (!deleted) await refuse(caller.db, whoIs(caller), { action: 'auth.deletePasskey', outcome: 'denied', detail: 'NOT_FOUND' }, new AppError('NOT_FOUND', 'No such passkey.'));
}

// ---------------------------------------------------------------------------------------------
// Signing in: after the password (the sign-in challenge names the account) or alone.

const anonymousAt = (meta: RequestMeta): AuditActor => ({ userId: null, type: 'anonymous', ip: meta.ip });

export async function passkeyAuthenticationOptions(
  deps: PasskeyDeps,
  meta: RequestMeta,
  input: { challenge?: string | undefined } | undefined,
): Promise<PasskeyRequestOptions> {
  const now = deps.now();
  const signIn = input?.challenge ? await findSignInChallenge(deps.db, input.challenge, now) : null;
  if (input?.challenge && !signIn) {
    await refuse(deps.db, anonymousAt(meta), { action: 'auth.login', outcome: 'failure', detail: 'passkey: sign-in challenge not alive' }, new AppError('INVALID_CODE'));
  }
  const { extensions: _none, ...options } = await (await webauthn()).generateAuthenticationOptions({
    rpID: deps.relyingParty.rpId,
    // After the password, the account's own passkeys; alone, none named: the authenticator offers
    // the discoverable passkeys it holds for this host.
    allowCredentials: signIn ? await descriptorsOf(deps.db, signIn.userId) : [],
    userVerification: 'required',
    timeout: CEREMONY_MS,
  });
  await saveWebauthnChallenge(
    deps.db,
    { challenge: options.challenge, userId: signIn?.userId ?? null, purpose: 'authentication', signInChallengeId: signIn?.id ?? null },
    now,
  );
  return options;
}

/**
 * The sign-in limits count by address and account. A passkey nobody has names no account: its
 * failures are counted for the address alone (under a name no email can have).
 */
const noAccountFrom = (ip: string) => `passkey without account@${ip}`;

export async function authenticateWithPasskey(
  deps: PasskeyDeps,
  meta: RequestMeta,
  input: { response: Record<string, unknown>; challenge?: string | undefined },
): Promise<Session> {
  const { db } = deps;
  const now = deps.now();
  const credentialId = stringAt(input.response, 'id');
  const signIn = input.challenge ? await findSignInChallenge(db, input.challenge, now) : null;
  const passkey = credentialId ? (await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)))[0] : undefined;
  // Whose sign-in this is: the password step's account, else the passkey's owner.
  const accountId = signIn?.userId ?? passkey?.userId;
  const account = accountId === undefined ? undefined : (await db.select().from(users).where(eq(users.id, accountId)))[0];
  const who: AuditActor = account ? { userId: account.id, type: account.type, ip: meta.ip, name: account.name, lname: account.lname } : anonymousAt(meta);

  const attempt = await deps.signInFailures.reserve(meta.ip, account?.email ?? noAccountFrom(meta.ip));
  if (!attempt) return refuse(db, who, { action: 'auth.login', outcome: 'denied', detail: 'RATE_LIMITED' }, new AppError('RATE_LIMITED'));
  const fail = async (reason: string): Promise<never> => {
    attempt.failed();
    if (signIn) await countSignInChallengeFailure(db, signIn.id);
    return refuse(db, who, { action: 'auth.login', outcome: 'failure', detail: `passkey: ${reason}` }, new AppError('INVALID_CODE'));
  };

  if (input.challenge && !signIn) return fail('sign-in challenge not alive');
  const signed = signedChallengeOf(input.response) ?? (await fail('unreadable answer'));
  // Taken before anything else is checked: whatever the outcome, this ceremony is over.
  const ceremony = (await takeWebauthnChallenge(db, signed, 'authentication', now)) ?? (await fail('no such ceremony, or expired'));
  if (ceremony.signInChallengeId !== (signIn?.id ?? null)) return fail('ceremony of another sign-in');
  if (!passkey || !account) return fail('unknown passkey');
  if (passkey.userId !== account.id || (ceremony.userId !== null && ceremony.userId !== passkey.userId)) return fail("another account's passkey");
  const userHandle = stringAt(input.response.response, 'userHandle');
  if (userHandle && userHandle !== userHandleText(passkey.userId)) return fail('user handle of another account');

  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await (await webauthn()).verifyAuthenticationResponse({
      response: input.response as unknown as AuthenticationResponseJSON,
      expectedChallenge: ceremony.challenge,
      expectedOrigin: deps.relyingParty.origins,
      expectedRPID: deps.relyingParty.rpId,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.signCount, transports: transportsOf(passkey) },
      requireUserVerification: true,
    });
  } catch (error) {
    return fail(reasonOf(error));
  }
  if (!verification.verified) return fail('signature not verified');

  // Only once the passkey has proved who this is: the account's state is nobody else's business.
  if (account.status !== 'active') {
    await attempt.withdrawn();
    const code = account.status === 'pending' ? 'ACCOUNT_PENDING' : 'ACCOUNT_DISABLED';
    return await refuse(db, who, { action: 'auth.login', outcome: 'denied', detail: code }, new AppError(code));
  }

  // What changed while the signature was being checked, if anything: the sign-in then fails.
  let overtaken = null as string | null;
  let session: Session;
  try {
    session = await openSignedInSession(deps, toUser(account, await findTwoFactorState(db, account.id)), meta, 'passkey', async (tx) => {
      // Compare and set: another sign-in with this passkey since it was read means one of the two is a copy.
      const counted = await tx
        .update(passkeys)
        .set({ signCount: verification.authenticationInfo.newCounter, lastUsedAt: now.toISOString() })
        .where(and(eq(passkeys.id, passkey.id), eq(passkeys.signCount, passkey.signCount)))
        .returning({ id: passkeys.id });
      if (counted.length !== 1) overtaken = 'passkey used or deleted meanwhile';
      // The password step may have been completed meanwhile (another factor, another tab).
      else if (signIn && !(await findSignInChallenge(tx, signIn.id, now))) overtaken = 'sign-in challenge used meanwhile';
      if (overtaken) throw new AppError('INVALID_CODE');
      if (signIn) await consumeSignInChallenge(tx, signIn.id);
    });
  } catch (error) {
    if (overtaken) return fail(overtaken);
    throw error;
  }
  await attempt.succeeded();
  return session;
}
