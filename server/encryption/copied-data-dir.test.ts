// What a stolen disk shows (API.md "Encryption at rest"): a practice made by the real server under a
// passphrase, with a patient, a consultation note, a prescription, a document and a second factor,
// is stopped, and every byte of every file under its DATA_DIR — the database, its WAL, the documents,
// the key files — is read: none of the patient's name or email, the note's text, the TOTP seed, the
// JWT secret or the document's content is there, in any of the forms they are written in.
import { Secret } from 'otpauth';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { localDay } from '../../shared/dates';
import { codeAt } from '../rest/second-factor.fixture';
import { FIXTURE_PASSPHRASE, startServer, stopAllServers, stopServer } from '../server-process.fixture';
import { readSecretFile } from '../secrets';
import { samplePdf } from '../test/sample-files';
import { TEST_PASSWORD } from '../test/helpers';
import { openWithPassphrase, readPracticeKeyFile } from './practice-key';
import { forgetPracticeKey, rememberPracticeKey } from './unlocked-practices';

const dataDir = mkdtempSync(join(tmpdir(), 'expediente-copied-'));
afterAll(async () => {
  await stopAllServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const PATIENT = { name: 'Zoraida', lname: 'Quintanilla Bermejo', email: 'zoraida.quintanilla@correo.test' };
const NOTE = 'Dolor torácico opresivo irradiado a mandíbula desde anoche';
const DOCUMENT_TEXT = 'Ecocardiograma: fraccion de eyeccion conservada 61 por ciento';

/** Every regular file under `dir`, however deep. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

it('leaves nothing of the patient, the note, the seed, the secret or the document readable in a copy of DATA_DIR', async () => {
  const started = await startServer(dataDir);
  if (started.kind !== 'listening') throw new Error(`the server did not start:\n${started.stdout}${started.stderr}`);
  const { url } = started;
  const call = async (method: string, path: string, body: unknown, token?: string, expected = 200) => {
    const answer = await fetch(`${url}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(answer.status, `${method} ${path}: ${await answer.clone().text()}`).toBe(expected);
    return answer.status === 204 ? undefined : ((await answer.json()) as Record<string, unknown>);
  };

  await call('POST', '/auth/register', { name: 'Ana', lname: 'Ruiz', email: 'ana.ruiz@consulta.test', password: TEST_PASSWORD, type: 'medic' }, undefined, 201);
  await call('POST', '/auth/register', { ...PATIENT, password: TEST_PASSWORD, type: 'patient', doctorEmail: 'ana.ruiz@consulta.test' }, undefined, 201);
  const medic = (await call('POST', '/auth/login', { email: 'ana.ruiz@consulta.test', password: TEST_PASSWORD })) as { access_token: string };
  const token = medic.access_token;
  await call('PATCH', '/medics/me', { licenseNumber: '7654321' }, token);
  const page = (await call('GET', '/medics/my-patients?limit=50', undefined, token)) as { patients: { idPatient: number }[] };
  const idPatient = page.patients[0]!.idPatient;
  const appointment = (await call('POST', '/clinical-history', { idPatient, date: `${localDay(new Date())}T09:00`, motive: 'Dolor torácico', subjective: NOTE }, token, 201)) as { idHistory: number };
  await call('POST', `/clinical-history/${appointment.idHistory}/prescriptions`, { items: [{ drug: 'Ácido acetilsalicílico', dose: '100 mg', frequency: 'cada 24 horas' }] }, token, 201);
  const upload = new FormData();
  upload.append('comment', 'Ecocardiograma');
  upload.append('file', new Blob([new Uint8Array(Buffer.concat([samplePdf, Buffer.from(`%${DOCUMENT_TEXT}\n`)]))], { type: 'application/pdf' }), 'eco.pdf');
  const uploaded = await fetch(`${url}/api/medics/patients/${idPatient}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: upload });
  expect(uploaded.status).toBe(201);
  const { secret } = (await call('POST', '/auth/totp/setup', { password: TEST_PASSWORD }, token)) as { secret: string };
  await call('POST', '/auth/totp/enable', { code: codeAt(secret, new Date()) }, token);
  expect(await stopServer(started.server)).toBe(0);

  // The JWT secret as the server holds it, read with the practice key this test is given.
  const masterKey = await openWithPassphrase(readPracticeKeyFile(dataDir)!, FIXTURE_PASSPHRASE);
  rememberPracticeKey(dataDir, masterKey!);
  const jwtSecret = readSecretFile(join(dataDir, 'jwt-secret'));
  forgetPracticeKey(dataDir);
  if (!jwtSecret.ok) throw new Error(`jwt-secret: ${jwtSecret.problem}`);

  const secrets: [string, Buffer][] = [
    ['patient name', Buffer.from(PATIENT.lname)],
    ['patient email', Buffer.from(PATIENT.email)],
    ['note text', Buffer.from(NOTE)],
    ['TOTP seed (base32)', Buffer.from(secret)],
    ['TOTP seed (bytes)', Buffer.from(Secret.fromBase32(secret).bytes)],
    ['JWT secret', Buffer.from(jwtSecret.value)],
    ['document content', Buffer.from(DOCUMENT_TEXT)],
  ];
  const files = filesUnder(dataDir);
  // The database and the document are among what was read.
  expect(files.some((path) => path.endsWith('expediente.db'))).toBe(true);
  expect(files.filter((path) => path.includes(`${join(dataDir, 'documents')}`)).length).toBeGreaterThan(0);
  const found = files.flatMap((path) => {
    const bytes = readFileSync(path);
    return secrets.filter(([, secretBytes]) => bytes.includes(secretBytes)).map(([what]) => `${what} in ${path.slice(dataDir.length + 1)} (${statSync(path).size} bytes)`);
  });
  expect(found).toEqual([]);
}, 60_000);
