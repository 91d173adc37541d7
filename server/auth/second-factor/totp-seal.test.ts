// TOTP seeds at rest: a copy of the database alone gives nobody the codes. Seeds are sealed under
// DATA_DIR/totp-key (never in the database), seeds stored before that are sealed at the next start,
// a start without the key while sealed seeds exist is refused, and backups carry the key.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../backup/backup';
import { restoreBackup } from '../../backup/restore';
import { openDatabase } from '../../db/client';
import { codeAt, enableTotpFor, restCalls, type TestClock } from '../../rest/second-factor.fixture';
import { MissingKeyError } from '../../startup-keys';
import { peekSecretFile } from '../../secrets';
import { practiceForTests } from '../../test/encrypted-practice';
import { buildTestApp, register, testConfig, TEST_PASSWORD, uniqueEmail } from '../../test/helpers';
import { isSealedSeed, TOTP_KEY_FILE, totpSeal } from './totp-seal';
import { rawGet } from '../../db/raw-sql';

const root = mkdtempSync(join(tmpdir(), 'expediente-totp-seal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
const clock: TestClock = {
  now: new Date(),
  advance(ms) {
    this.now = new Date(this.now.getTime() + ms);
  },
};

/** A server on a real database file in a DATA_DIR of its own. */
async function practiceApp(dataDir = join(root, `practice-${++count}`)) {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const app = await buildTestApp({ db: openDatabase(join(dataDir, 'expediente.db')), config: testConfig({ dataDir }), now: () => clock.now });
  return { app, dataDir };
}

/** Every byte SQLite keeps for the database: the file, and its write-ahead log while one exists. */
const databaseBytes = (dataDir: string) =>
  Buffer.concat(['expediente.db', 'expediente.db-wal'].filter((name) => existsSync(join(dataDir, name))).map((name) => readFileSync(join(dataDir, name))));

describe('TOTP seeds at rest', () => {
  it('are not in the database file: a copy of it alone cannot make the codes', async () => {
    const { app, dataDir } = await practiceApp();
    const session = await register(app, { type: 'medic', email: uniqueEmail('sealed') });
    const { secret } = await enableTotpFor(app, clock, session);
    const stored = (await rawGet<{ value: string }>(app.deps.db, 'select secret as value from totp_secrets where user_id = ?', [session.user.idUser]))!.value;
    expect(isSealedSeed(stored)).toBe(true);
    await app.close();

    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const bytes = databaseBytes(dataDir);
    expect(bytes.includes(Buffer.from(secret))).toBe(false);
    expect(bytes.toString('latin1').toUpperCase()).not.toContain(secret);
    expect(readFileSync(join(dataDir, TOTP_KEY_FILE), 'utf8')).not.toContain(secret);
  });

  it('stored in the clear by an older release are sealed at the next start, and their codes still sign in', async () => {
    const { app, dataDir } = await practiceApp();
    const session = await register(app, { type: 'medic', email: uniqueEmail('upgraded') });
    const { secret } = await enableTotpFor(app, clock, session);
    await app.close();
    // As the release before sealing left it: the seed itself in the row, and no key file.
    const sqlite = new Database(join(dataDir, 'expediente.db'));
    sqlite.prepare('update totp_secrets set secret = ? where user_id = ?').run(secret, session.user.idUser);
    sqlite.close();
    rmSync(join(dataDir, TOTP_KEY_FILE));

    const again = await practiceApp(dataDir);
    try {
      const stored = (await rawGet<{ value: string }>(again.app.deps.db, 'select secret as value from totp_secrets where user_id = ?', [session.user.idUser]))!.value;
      expect(isSealedSeed(stored)).toBe(true);
      const calls = restCalls(again.app);
      const pending = await calls.login(session.user.email, TEST_PASSWORD, '10.77.0.1');
      const signedIn = await calls.secondFactor({ challenge: pending.body.challenge, code: codeAt(secret, clock.now) }, '10.77.0.1');
      expect(signedIn.body).toHaveProperty('access_token');
    } finally {
      await again.app.close();
    }
    expect(databaseBytes(dataDir).includes(Buffer.from(secret))).toBe(false);
  });

  it('refuse a start without their key, naming the file, and make no new one', async () => {
    const { app, dataDir } = await practiceApp();
    await enableTotpFor(app, clock, await register(app, { type: 'medic', email: uniqueEmail('lost-key') }));
    await app.close();
    rmSync(join(dataDir, TOTP_KEY_FILE));
    const start = practiceApp(dataDir);
    await expect(start).rejects.toThrow(MissingKeyError);
    await expect(start).rejects.toThrow(/totp-key is missing, and 1 authenticator app seed is sealed with it/);
    expect(existsSync(join(dataDir, TOTP_KEY_FILE))).toBe(false);
  });

  it('do not open on another account or under another key', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = totpSeal(key).seal(1, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(totpSeal(key).open(1, sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => totpSeal(key).open(2, sealed)).toThrow();
    expect(() => totpSeal(Buffer.alloc(32, 8)).open(1, sealed)).toThrow();
  });

  it('travel with their key in a backup, so a restored practice still signs in with its codes', async () => {
    const { app, dataDir } = await practiceApp();
    const session = await register(app, { type: 'medic', email: uniqueEmail('restored') });
    const { secret } = await enableTotpFor(app, clock, session);
    const archive = join(root, `with-totp-${count}.backup`);
    await createBackup({ dataDir, outFile: archive, passphrase: 'frase-de-copia-larga-2025' }, { scrypt: { log2N: 10, r: 8, p: 1 } });
    await app.close();
    const restoredDir = join(root, `restored-${count}`);
    await restoreBackup({ archive, dataDir: restoredDir, passphrase: 'frase-de-copia-larga-2025', practice: practiceForTests() });
    // Sealed by the restored practice's key, the same key inside.
    expect(peekSecretFile(join(restoredDir, TOTP_KEY_FILE))).toBe(readFileSync(join(dataDir, TOTP_KEY_FILE), 'utf8').trim());

    const restored = await practiceApp(restoredDir);
    try {
      const calls = restCalls(restored.app);
      const pending = await calls.login(session.user.email, TEST_PASSWORD, '10.77.0.2');
      clock.advance(30_000);
      const signedIn = await calls.secondFactor({ challenge: pending.body.challenge, code: codeAt(secret, clock.now) }, '10.77.0.2');
      expect(signedIn.body).toHaveProperty('access_token');
    } finally {
      await restored.app.close();
    }
  });
});
