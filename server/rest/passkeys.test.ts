// Passkeys (API.md "Second factor, passkeys and oversight") end to end, through REST and tRPC, with
// a software authenticator standing in for the browser and the device: registration, the list,
// deletion, signing in without a password, the passkey as the second factor after the password,
// and what is refused (another origin, no user verification, a replay, someone else's passkey, a
// disabled account), each outcome in the audit trail.
import type { FastifyInstance } from 'fastify';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { SecondFactorChallenge } from '../../shared/second-factor';
import { bearer, buildTestApp, callerFor, register, TEST_PASSWORD, testConfig, uniqueEmail } from '../test/helpers';
import { injectOutcome, procedureOutcome, type Outcome } from '../test/transports';
import { SoftwareAuthenticator, type Misbehaviour } from '../test/software-authenticator';

const ORIGIN = 'https://consultorio.test';
const RP_ID = 'consultorio.test';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ publicOrigin: ORIGIN }) });
});
afterAll(() => app.close());

type Token = string | undefined;

/** The passkey calls, the same operations through either transport, from a given address. */
interface PasskeyTransport {
  name: 'REST' | 'tRPC';
  login(email: string, password: string, ip: string): Promise<Outcome>;
  /** With the account's password again, unless `password` is null (a stolen session's call). */
  registrationOptions(token: Token, password?: string | null): Promise<Outcome>;
  register(token: Token, response: RegistrationResponseJSON, name: string): Promise<Outcome>;
  list(token: Token): Promise<Outcome>;
  remove(token: Token, idPasskey: number, password?: string | null): Promise<Outcome>;
  authenticationOptions(ip: string, challenge?: string): Promise<Outcome>;
  authenticate(ip: string, response: AuthenticationResponseJSON, challenge?: string): Promise<Outcome>;
  profile(token: Token): Promise<Outcome>;
}

function rest(): PasskeyTransport {
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, options: { token?: Token; payload?: object; ip?: string } = {}) =>
    injectOutcome(app, { method, url: `/api${url}`, ...options });
  return {
    name: 'REST',
    login: (email, password, ip) => call('POST', '/auth/login', { payload: { email, password }, ip }),
    registrationOptions: (token, password = TEST_PASSWORD) => call('POST', '/auth/passkeys/registration-options', { token, ...(password === null ? {} : { payload: { password } }) }),
    register: (token, response, name) => call('POST', '/auth/passkeys/registration', { token, payload: { response, name } }),
    list: (token) => call('GET', '/auth/passkeys', { token }),
    remove: (token, idPasskey, password = TEST_PASSWORD) => call('DELETE', `/auth/passkeys/${idPasskey}`, { token, ...(password === null ? {} : { payload: { password } }) }),
    authenticationOptions: (ip, challenge) =>
      call('POST', '/auth/passkeys/authentication-options', { ip, ...(challenge ? { payload: { challenge } } : {}) }),
    authenticate: (ip, response, challenge) => call('POST', '/auth/passkeys/authentication', { ip, payload: { response, ...(challenge ? { challenge } : {}) } }),
    profile: (token) => call('GET', '/auth/profile', { token }),
  };
}

function trpc(): PasskeyTransport {
  const as = (token: Token, ip = '127.0.0.1') => callerFor(app, token, ip);
  const run = procedureOutcome;
  return {
    name: 'tRPC',
    login: (email, password, ip) => run(() => as(undefined, ip).auth.login({ email, password })),
    registrationOptions: (token, password = TEST_PASSWORD) => run(() => as(token).auth.passkeyRegistrationOptions(password === null ? undefined : { password })),
    register: (token, response, name) => run(() => as(token).auth.passkeyRegistration({ response: { ...response }, name })),
    list: (token) => run(() => as(token).auth.passkeys()),
    remove: (token, idPasskey, password = TEST_PASSWORD) => run(() => as(token).auth.deletePasskey({ idPasskey, ...(password === null ? {} : { password }) })),
    authenticationOptions: (ip, challenge) => run(() => as(undefined, ip).auth.passkeyAuthenticationOptions(challenge ? { challenge } : undefined)),
    authenticate: (ip, response, challenge) => run(() => as(undefined, ip).auth.passkeyAuthentication({ response: { ...response }, ...(challenge ? { challenge } : {}) })),
    profile: (token) => run(() => as(token).auth.profile()),
  };
}

const transports = [
  ['REST', rest],
  ['tRPC', trpc],
] as const;

// Every test signs in from its own address, so one test's failures never reach another's limits.
let addresses = 0;
const newAddress = () => `10.23.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const sql = () => app.deps.db.$client;

interface AuditRow {
  action: string;
  outcome: string;
  detail: string | null;
  actor_user_id: number | null;
  ip: string | null;
}
const auditSince = (id: number): AuditRow[] =>
  sql().prepare('select action, outcome, detail, actor_user_id, ip from audit_events where id > ? order by id').all(id) as AuditRow[];
const lastAuditId = () => (sql().prepare('select coalesce(max(id), 0) as id from audit_events').get() as { id: number }).id;
const sessionsOf = (idUser: number) => (sql().prepare('select count(*) as n from sessions where user_id = ?').get(idUser) as { n: number }).n;

/** The user's account and an authenticator holding one registered passkey. */
async function withPasskey(t: PasskeyTransport, account: Session, name = 'Portátil') {
  const device = new SoftwareAuthenticator(ORIGIN);
  const options = await t.registrationOptions(account.access_token);
  expect(options.status).toBe(200);
  const registered = await t.register(account.access_token, device.create(options.body as PublicKeyCredentialCreationOptionsJSON), name);
  expect(registered.status, JSON.stringify(registered.body)).toBe(t.name === 'REST' ? 201 : 200);
  return { device, passkey: registered.body as { idPasskey: number; name: string; createdAt: string } };
}

/** A passwordless sign-in: options with no challenge, then the assertion. */
async function signInAlone(t: PasskeyTransport, device: SoftwareAuthenticator, ip: string, misbehave?: Misbehaviour) {
  const options = await t.authenticationOptions(ip);
  expect(options.status).toBe(200);
  return t.authenticate(ip, device.get(options.body as PublicKeyCredentialRequestOptionsJSON, misbehave));
}

describe.each(transports)('passkeys through %s', (_name, transportOf) => {
  const t = transportOf();

  it('offers creation options for a discoverable, user-verified passkey on the configured host, excluding the passkeys the user has', async () => {
    const account = await register(app, { name: 'Lucía', lname: 'Prieto' });
    const first = await t.registrationOptions(account.access_token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      rp: { id: RP_ID },
      user: { id: Buffer.from(String(account.user.idUser)).toString('base64url'), name: account.user.email, displayName: 'Lucía Prieto' },
      challenge: expect.any(String),
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      excludeCredentials: [],
    });
    const { device } = await withPasskey(t, account);
    const again = await t.registrationOptions(account.access_token);
    expect(again.body.excludeCredentials).toEqual([{ id: device.credentials[0]!.id, type: 'public-key', transports: ['internal', 'hybrid'] }]);
    expect(again.body.challenge).not.toBe(first.body.challenge);
  });

  it('registers two passkeys and lists them, oldest first, the caller’s own only', async () => {
    const account = await register(app);
    const other = await register(app);
    await withPasskey(t, other, 'Llave de otra persona');
    const since = lastAuditId();
    const { passkey: laptop } = await withPasskey(t, account, '  Portátil  ');
    const { passkey: phone } = await withPasskey(t, account, 'Teléfono');
    expect(laptop).toEqual({ idPasskey: expect.any(Number), name: 'Portátil', createdAt: expect.any(String) });
    const list = await t.list(account.access_token);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      passkeys: [
        { idPasskey: laptop.idPasskey, name: 'Portátil', createdAt: laptop.createdAt, lastUsedAt: null },
        { idPasskey: phone.idPasskey, name: 'Teléfono', createdAt: phone.createdAt, lastUsedAt: null },
      ],
    });
    expect((await t.profile(account.access_token)).body.user.twoFactor).toEqual({ totp: false, passkeys: 2 });
    expect(auditSince(since).filter((event) => event.action === 'auth.passkeyRegistration')).toEqual([
      expect.objectContaining({ outcome: 'success', detail: `passkey ${laptop.idPasskey}`, actor_user_id: account.user.idUser }),
      expect.objectContaining({ outcome: 'success', detail: `passkey ${phone.idPasskey}`, actor_user_id: account.user.idUser }),
    ]);
  });

  it('deletes a passkey of the caller’s, and answers 404 for someone else’s, which stays', async () => {
    const account = await register(app);
    const other = await register(app);
    const { passkey: mine } = await withPasskey(t, account);
    const { passkey: theirs } = await withPasskey(t, other);
    const since = lastAuditId();

    const stolen = await t.remove(account.access_token, theirs.idPasskey);
    expect([stolen.status, stolen.code]).toEqual([404, 'NOT_FOUND']);
    expect((await t.list(other.access_token)).body.passkeys).toHaveLength(1);

    const removed = await t.remove(account.access_token, mine.idPasskey);
    expect(removed.status).toBe(t.name === 'REST' ? 204 : 200);
    expect((await t.list(account.access_token)).body.passkeys).toEqual([]);
    expect(auditSince(since)).toEqual([
      expect.objectContaining({ action: 'auth.deletePasskey', outcome: 'denied', detail: 'NOT_FOUND', actor_user_id: account.user.idUser }),
      expect.objectContaining({ action: 'auth.deletePasskey', outcome: 'success', detail: `passkey ${mine.idPasskey}` }),
    ]);
  });

  it('signs in without email or password with a discoverable passkey, and records its use', async () => {
    const account = await register(app);
    const { device, passkey } = await withPasskey(t, account);
    const ip = newAddress();
    const options = await t.authenticationOptions(ip);
    expect(options.body).toMatchObject({ rpId: RP_ID, userVerification: 'required', allowCredentials: [], challenge: expect.any(String) });
    const since = lastAuditId();

    const signedIn = await t.authenticate(ip, device.get(options.body));
    expect(signedIn.status).toBe(200);
    const session = signedIn.body as Session;
    expect(session.user).toMatchObject({ idUser: account.user.idUser, twoFactor: { totp: false, passkeys: 1 } });
    expect((await t.profile(session.access_token)).status).toBe(200);
    const [listed] = (await t.list(session.access_token)).body.passkeys;
    expect(listed).toMatchObject({ idPasskey: passkey.idPasskey, lastUsedAt: expect.any(String) });
    expect(sql().prepare('select sign_count as n from passkeys where id = ?').get(passkey.idPasskey)).toEqual({ n: 1 });
    expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'success', detail: 'passkey', actor_user_id: account.user.idUser, ip })]);
  });

  it('completes a password sign-in with a passkey as the second factor, once', async () => {
    const email = uniqueEmail('segundo');
    const account = await register(app, { email });
    const { device } = await withPasskey(t, account);
    const ip = newAddress();

    const password = await t.login(email, TEST_PASSWORD, ip);
    expect(password.status).toBe(200);
    const step = password.body as SecondFactorChallenge;
    expect(step).toEqual({ twoFactorRequired: true, challenge: expect.any(String), methods: ['passkey'] });

    const options = await t.authenticationOptions(ip, step.challenge);
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toEqual([{ id: device.credentials[0]!.id, type: 'public-key', transports: ['internal', 'hybrid'] }]);
    const since = lastAuditId();
    const signedIn = await t.authenticate(ip, device.get(options.body), step.challenge);
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as Session).user.idUser).toBe(account.user.idUser);
    expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'success', detail: 'passkey' })]);

    // The password step is spent: neither a new ceremony nor the same answer opens a second session.
    const reused = await t.authenticationOptions(ip, step.challenge);
    expect([reused.status, reused.code]).toEqual([401, 'INVALID_CODE']);
    expect(sessionsOf(account.user.idUser)).toBe(2);
  });

  it('refuses, as the second factor, a passkey of another account (and counts it against the challenge)', async () => {
    const email = uniqueEmail('victima');
    const account = await register(app, { email });
    await withPasskey(t, account);
    const intruder = await register(app);
    const { device: intruderDevice } = await withPasskey(t, intruder);
    const ip = newAddress();
    const step = (await t.login(email, TEST_PASSWORD, ip)).body as SecondFactorChallenge;
    const options = await t.authenticationOptions(ip, step.challenge);
    const since = lastAuditId();

    const answer = intruderDevice.get(options.body, { credentialId: intruderDevice.credentials[0]!.id });
    const refused = await t.authenticate(ip, answer, step.challenge);
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_CODE']);
    expect(sql().prepare('select failures from sign_in_challenges where id = ?').get(step.challenge)).toEqual({ failures: 1 });
    expect(auditSince(since)).toEqual([
      expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: "passkey: another account's passkey", actor_user_id: account.user.idUser }),
    ]);
  });

  it('refuses, as the second factor, an answer to a ceremony that was not started for that sign-in', async () => {
    const email = uniqueEmail('ajena');
    const account = await register(app, { email });
    const { device } = await withPasskey(t, account);
    const ip = newAddress();
    const step = (await t.login(email, TEST_PASSWORD, ip)).body as SecondFactorChallenge;
    const passwordless = await t.authenticationOptions(ip);
    const since = lastAuditId();
    const refused = await t.authenticate(ip, device.get(passwordless.body), step.challenge);
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_CODE']);
    expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: ceremony of another sign-in' })]);
  });

  it('refuses a ceremony signed on another origin, at registration and at sign-in', async () => {
    const account = await register(app);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await t.registrationOptions(account.access_token);
    const since = lastAuditId();
    const phished = await t.register(account.access_token, device.create(options.body, { origin: 'https://consultorio.test.evil.example' }), 'Phished');
    expect([phished.status, phished.code]).toEqual([401, 'INVALID_CODE']);
    expect((await t.list(account.access_token)).body.passkeys).toEqual([]);
    expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.passkeyRegistration', outcome: 'failure', detail: 'wrong origin' })]);

    const { device: good } = await withPasskey(t, account);
    const ip = newAddress();
    const before = lastAuditId();
    const refused = await signInAlone(t, good, ip, { origin: 'http://consultorio.test' });
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_CODE']);
    expect(auditSince(before)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: wrong origin', actor_user_id: account.user.idUser })]);
  });

  it('refuses an authenticator that did not verify the user (UV flag clear), at registration and at sign-in', async () => {
    const account = await register(app);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await t.registrationOptions(account.access_token);
    const since = lastAuditId();
    const unverified = await t.register(account.access_token, device.create(options.body, { userVerified: false }), 'Sin PIN');
    expect([unverified.status, unverified.code]).toEqual([401, 'INVALID_CODE']);
    expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.passkeyRegistration', outcome: 'failure', detail: 'user not verified' })]);

    const { device: good } = await withPasskey(t, account);
    const before = lastAuditId();
    const refused = await signInAlone(t, good, newAddress(), { userVerified: false });
    expect([refused.status, refused.code]).toEqual([401, 'INVALID_CODE']);
    expect(auditSince(before)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: user not verified' })]);
  });

  it('refuses a replayed assertion: the ceremony is over once answered', async () => {
    const account = await register(app);
    const { device } = await withPasskey(t, account);
    const ip = newAddress();
    const options = await t.authenticationOptions(ip);
    const answer = device.get(options.body);
    expect((await t.authenticate(ip, answer)).status).toBe(200);
    const since = lastAuditId();
    const replayed = await t.authenticate(ip, answer);
    expect([replayed.status, replayed.code]).toEqual([401, 'INVALID_CODE']);
    expect(sessionsOf(account.user.idUser)).toBe(2);
    expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: no such ceremony, or expired' })]);
  });

  it('refuses an assertion whose signature counter did not move on (a cloned authenticator)', async () => {
    const account = await register(app);
    const { device } = await withPasskey(t, account);
    const ip = newAddress();
    expect((await signInAlone(t, device, ip)).status).toBe(200);
    const since = lastAuditId();
    const cloned = await signInAlone(t, device, ip, { keepSignCount: true });
    expect([cloned.status, cloned.code]).toEqual([401, 'INVALID_CODE']);
    expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: signature counter went back' })]);
  });

  it('refuses a replayed registration: its challenge is single use', async () => {
    const account = await register(app);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await t.registrationOptions(account.access_token);
    const response = device.create(options.body);
    expect((await t.register(account.access_token, response, 'Uno')).status).toBeLessThan(300);
    const replayed = await t.register(account.access_token, response, 'Dos');
    expect([replayed.status, replayed.code]).toEqual([401, 'INVALID_CODE']);
    expect((await t.list(account.access_token)).body.passkeys).toHaveLength(1);
  });

  it('refuses the passkey of a disabled account once it has proved who it is (403 ACCOUNT_DISABLED)', async () => {
    const account = await register(app);
    const { device } = await withPasskey(t, account);
    sql().prepare("update users set status = 'disabled' where id = ?").run(account.user.idUser);
    try {
      const since = lastAuditId();
      const refused = await signInAlone(t, device, newAddress());
      expect([refused.status, refused.code]).toEqual([403, 'ACCOUNT_DISABLED']);
      expect(sessionsOf(account.user.idUser)).toBe(1);
      expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.login', outcome: 'denied', detail: 'ACCOUNT_DISABLED', actor_user_id: account.user.idUser })]);
    } finally {
      sql().prepare("update users set status = 'active' where id = ?").run(account.user.idUser);
    }
  });

  it('refuses a passkey the server does not know, and a sign-in challenge that is not alive', async () => {
    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.create({ rp: { id: RP_ID, name: 'x' }, user: { id: 'eA', name: 'x', displayName: 'x' }, challenge: 'eA', pubKeyCredParams: [] });
    const ip = newAddress();
    const since = lastAuditId();
    const unknown = await signInAlone(t, stranger, ip);
    expect([unknown.status, unknown.code]).toEqual([401, 'INVALID_CODE']);
    const dead = await t.authenticationOptions(ip, 'no-such-challenge');
    expect([dead.status, dead.code]).toEqual([401, 'INVALID_CODE']);
    expect(auditSince(since)).toEqual([
      expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: unknown passkey', actor_user_id: null }),
      expect.objectContaining({ action: 'auth.login', outcome: 'failure', detail: 'passkey: sign-in challenge not alive', actor_user_id: null }),
    ]);
  });

  it('counts failed ceremonies against the sign-in limits of the account from that address', async () => {
    const account = await register(app);
    const { device } = await withPasskey(t, account);
    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) expect((await signInAlone(t, device, ip, { userVerified: false })).code).toBe('INVALID_CODE');
    const limited = await signInAlone(t, device, ip);
    expect([limited.status, limited.code]).toEqual([429, 'RATE_LIMITED']);
    // From another address the owner still gets in.
    expect((await signInAlone(t, device, newAddress())).status).toBe(200);
  });

  it('refuses to register a passkey that is registered already, to the same account or another (400)', async () => {
    const account = await register(app);
    const other = await register(app);
    const { device } = await withPasskey(t, account);
    const credentialId = device.credentials[0]!.id;
    for (const who of [account, other]) {
      const options = await t.registrationOptions(who.access_token);
      const since = lastAuditId();
      const again = await t.register(who.access_token, device.create(options.body, { credentialId }), 'Otra vez');
      expect([again.status, again.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(auditSince(since)).toEqual([expect.objectContaining({ action: 'auth.passkeyRegistration', outcome: 'failure', detail: 'already registered', actor_user_id: who.user.idUser })]);
    }
    expect((await t.list(other.access_token)).body.passkeys).toEqual([]);
  });

  it('refuses a name with a direction override or a blank one (400), keeping the ceremony for a corrected name', async () => {
    const account = await register(app);
    const device = new SoftwareAuthenticator(ORIGIN);
    const options = await t.registrationOptions(account.access_token);
    const response = device.create(options.body);
    for (const name of ['Port\u202eátil', '   ']) {
      const refused = await t.register(account.access_token, response, name);
      expect([refused.status, refused.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await t.register(account.access_token, response, 'Portátil')).status).toBeLessThan(300);
  });

  it('asks for a signed-in user to register and to list (401 without a token)', async () => {
    expect((await t.registrationOptions(undefined)).status).toBe(401);
    expect((await t.list(undefined)).status).toBe(401);
    expect((await t.remove(undefined, 1)).status).toBe(401);
  });
});

describe('passkeys and the practice’s second-factor policy', () => {
  it('lets a medic held back by the policy register a passkey, and then work', async () => {
    const practice = await buildTestApp({ config: testConfig({ publicOrigin: ORIGIN }) });
    try {
      await register(practice, { type: 'medic' }); // the administrator
      const medic = await register(practice, { type: 'medic' });
      practice.deps.db.$client
        .prepare("insert into practice (id, require_two_factor_for_medics, updated_at) values (1, 1, ?) on conflict(id) do update set require_two_factor_for_medics = 1")
        .run(new Date().toISOString());
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        practice.inject({ method, url: `/api${url}`, headers: bearer(medic.access_token), ...(payload ? { payload } : {}) });
      expect((await call('GET', '/medics/me')).json().code).toBe('TWO_FACTOR_REQUIRED');

      const options = await call('POST', '/auth/passkeys/registration-options', { password: TEST_PASSWORD });
      expect(options.statusCode).toBe(200);
      const device = new SoftwareAuthenticator(ORIGIN);
      const registered = await call('POST', '/auth/passkeys/registration', { response: device.create(options.json()), name: 'Llave USB' });
      expect(registered.statusCode).toBe(201);
      expect((await call('GET', '/auth/passkeys')).json().passkeys).toHaveLength(1);
      expect((await call('GET', '/medics/me')).statusCode).toBe(200);
    } finally {
      await practice.close();
    }
  });
});

describe('passkey ceremonies over tRPC’s HTTP adapter', () => {
  it('refuses a batch of sign-in answers (400), checking none', async () => {
    const since = lastAuditId();
    const input = JSON.stringify({ 0: { response: { id: 'x' } }, 1: { response: { id: 'y' } } });
    const answer = await app.inject({
      method: 'POST',
      url: '/trpc/auth.passkeyAuthentication,auth.passkeyAuthentication?batch=1',
      headers: { 'content-type': 'application/json' },
      payload: input,
    });
    expect(answer.statusCode).toBe(400);
    expect(auditSince(since).filter((event) => event.detail?.startsWith('passkey'))).toEqual([]);
  });
});

describe('DELETE /api/auth/passkeys/:idPasskey', () => {
  it('refuses an id that is not plain decimal (400), whatever number it could be read as', async () => {
    const account = await register(app);
    const { passkey } = await withPasskey(rest(), account);
    for (const odd of [`0x${passkey.idPasskey.toString(16)}`, `${passkey.idPasskey}e0`, 'true']) {
      const answer = await app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${odd}`, headers: bearer(account.access_token), payload: { password: TEST_PASSWORD } });
      expect([answer.statusCode, answer.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await rest().list(account.access_token)).body.passkeys).toHaveLength(1);
  });
});
