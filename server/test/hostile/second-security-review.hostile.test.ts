// The second security review's findings, replayed against the hostile suite's practice as a thief
// holding a session, or someone holding a copy of the disk, would try them. Each case is the attack
// as it was found and the answer it must now get; the integration tests beside the services and the
// TLS command prove the rules in detail (reauthentication, totp-seal, csv-cell, practice-ca).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TotpSetup } from '../../../shared/second-factor';
import { engineNameOf, sqliteEngineOf } from '../../db/engine';
import { inTransaction } from '../../db/in-transaction';
import { rawGet, rawRows, rawRun } from '../../db/raw-sql';
import { passkeys } from '../../db/schema/index';
import { codeAt } from '../../rest/second-factor.fixture';
import { bearer, TEST_PASSWORD } from '../helpers';
import { buildFixture, type Fixture } from './fixture';

let fx: Fixture;
beforeAll(async () => {
  fx = await buildFixture();
}, 120_000);
afterAll(() => fx?.app.close());
beforeEach(() => fx.restore());

type Method = 'GET' | 'POST' | 'DELETE';
const inject = (method: Method, url: string, token?: string, payload?: object) => fx.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
const db = () => fx.app.deps.db;
/**
 * The database's bytes, as a copy of the disk holds them: on SQLite the writer's view (everything
 * committed); on PostgreSQL, whose files are the cluster's, every stored cell of every table, text as
 * its UTF-8 and binary as itself, which is what its files hold of them.
 */
async function databaseBytes(): Promise<Buffer> {
  if (engineNameOf(db()) === 'sqlite') return sqliteEngineOf(db()).writer.serialize();
  const tables = await rawRows<{ name: string }>(db(), "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'");
  const cells: Buffer[] = [];
  for (const { name } of tables) {
    for (const row of await rawRows<Record<string, unknown>>(db(), `select * from "${name}"`)) {
      for (const value of Object.values(row)) cells.push(Buffer.isBuffer(value) ? value : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value) ?? ''));
    }
  }
  return Buffer.concat(cells);
}
const answerOf = (response: { statusCode: number; body: string }) => [response.statusCode, (JSON.parse(response.body || '{}') as { code?: string }).code];

describe('the second security review, replayed', () => {
  it('finding 1: a session alone adds no second factor and removes none (403 REAUTHENTICATION_REQUIRED), over REST and tRPC', async () => {
    const { access_token: token, user } = fx.sessions.medicA;
    const [inserted] = await inTransaction(db(), async (tx) =>
      await tx
        .insert(passkeys)
        .values({ userId: user.idUser, credentialId: 'owner-key', publicKey: Buffer.from([0]), name: 'Llave', createdAt: '2026-01-01T00:00:00.000Z' })
        .returning({ id: passkeys.id }),
    );
    const passkey = inserted!.id;
    try {
      for (const [method, url] of [
        ['POST', '/api/auth/totp/setup'],
        ['POST', '/api/auth/totp/disable'],
        ['POST', '/api/auth/passkeys/registration-options'],
        ['DELETE', `/api/auth/passkeys/${passkey}`],
      ] as const) {
        expect(answerOf(await inject(method, url, token)), url).toEqual([403, 'REAUTHENTICATION_REQUIRED']);
      }
      for (const procedure of ['auth.totpSetup', 'auth.passkeyRegistrationOptions']) {
        const answer = await fx.app.inject({ method: 'POST', url: `/trpc/${procedure}`, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: '{}' });
        expect(answer.statusCode, procedure).toBe(403);
      }
      const count = async (table: string) => (await rawGet<{ n: number }>(db(), `select count(*) as n from ${table} where user_id = ?`, [user.idUser]))!.n;
      expect([await count('totp_secrets'), await count('webauthn_challenges'), await count('passkeys')]).toEqual([0, 0, 1]);
    } finally {
      await rawRun(db(), 'delete from passkeys where id = ?', [passkey]);
    }
  });

  it("finding 2: the TOTP seed is not in the database's bytes", async () => {
    const { access_token: token, user } = fx.sessions.strangerMedic;
    const setup = await inject('POST', '/api/auth/totp/setup', token, { password: TEST_PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json<TotpSetup>();
    expect((await databaseBytes()).includes(Buffer.from(secret))).toBe(false);
    expect((await inject('POST', '/api/auth/totp/enable', token, { code: codeAt(secret, new Date()) })).statusCode).toBe(200);
    expect((await databaseBytes()).includes(Buffer.from(secret))).toBe(false);
    await rawRun(db(), 'delete from totp_secrets where user_id = ?', [user.idUser]);
    await rawRun(db(), 'delete from recovery_codes where user_id = ?', [user.idUser]);
  });

  it('finding 6: after an administrator resets a second factor, its owner signs in at once, whatever codes were tried before', async () => {
    const { access_token: token, user } = fx.sessions.strangerMedic;
    const setup = (await inject('POST', '/api/auth/totp/setup', token, { password: TEST_PASSWORD })).json<TotpSetup>();
    expect((await inject('POST', '/api/auth/totp/enable', token, { code: codeAt(setup.secret, new Date()) })).statusCode).toBe(200);
    const email = user.email;
    let refused = false;
    for (let attempt = 0; attempt < 8 && !refused; attempt += 1) {
      const pending = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
      if (pending.statusCode === 429) refused = true;
      else await inject('POST', '/api/auth/login/second-factor', undefined, { challenge: pending.json<{ challenge: string }>().challenge, code: '000000' });
    }
    expect(refused).toBe(true);
    expect((await inject('POST', `/api/admin/users/${user.idUser}/reset-second-factor`, fx.sessions.admin.access_token)).statusCode).toBe(204);
    const signIn = await inject('POST', '/api/auth/login', undefined, { email, password: TEST_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toHaveProperty('access_token');
  });
});
