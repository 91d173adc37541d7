// Searching patients and doctors (API.md): a medic finds any field of their own patients, anyone
// else only by the exact email.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawRun } from '../db/raw-sql';
import { register, uniqueEmail } from '../test/helpers';
import { app, get, link, newMedic, newPatient, patientIdOf, sqlStatements, useWorkspaceApp } from './medic-workspace.fixture';

useWorkspaceApp();

describe('GET /api/medics/search-patients', () => {
  let medic: Session;
  beforeEach(async () => {
    medic = await newMedic();
  });

  it('matches name, last name, email or phone case-insensitively', async () => {
    const tag = `Qx${Date.now()}`;
    const patient = await newPatient({ name: `${tag}Marta`, lname: 'Pérez' });
    await link(medic, patient);
    await rawRun(app.deps.db, 'update users set phone = ? where id = ?', ['5551234', patient.user.idUser]);
    const idPatient = await patientIdOf(patient);
    for (const q of [tag.toLowerCase(), tag.toUpperCase(), patient.user.email.toUpperCase(), patient.user.email.slice(0, 12), '5551234']) {
      const response = await get(`/api/medics/search-patients?q=${encodeURIComponent(q)}`, medic);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toContainEqual({
        idPatient,
        name: `${tag}Marta`,
        lname: 'Pérez',
        email: patient.user.email,
        phone: '5551234',
        linked: true,
      });
    }
  });

  it("does not reveal another medic's patient by name, phone or partial email; only by the exact email", async () => {
    const tag = `Priv${Date.now()}`;
    const stranger = await newPatient({ name: `${tag}Rosa`, lname: 'Vidal' });
    await rawRun(app.deps.db, 'update users set phone = ? where id = ?', ['5559876', stranger.user.idUser]);
    await link(await newMedic(), stranger);
    for (const q of [tag, 'Vidal', '5559876', stranger.user.email.slice(0, 12), stranger.user.email.slice(1)]) {
      const response = await get(`/api/medics/search-patients?q=${encodeURIComponent(q)}`, medic);
      expect(response.json(), q).toEqual([]);
    }
    const exact = await get(`/api/medics/search-patients?q=${encodeURIComponent(` ${stranger.user.email.toUpperCase()} `)}`, medic);
    expect(exact.json()).toEqual([
      // Found so that the medic can ask for a link, not so that it can call them.
      { idPatient: await patientIdOf(stranger), name: `${tag}Rosa`, lname: 'Vidal', email: stranger.user.email, phone: null, linked: false },
    ]);
  });

  it('answers at most 20 results', async () => {
    const tag = `Many${Date.now()}`;
    for (let i = 0; i < 22; i++) await link(medic, await newPatient({ lname: `${tag}${i}` }));
    const response = await get(`/api/medics/search-patients?q=${tag}`, medic);
    expect(response.json()).toHaveLength(20);
  });

  it('takes % and _ literally', async () => {
    const tag = `Lit${Date.now()}`;
    for (const lname of ['100% Real', 'A_B', 'AxB']) await link(medic, await newPatient({ name: tag, lname }));
    const percent = (await get(`/api/medics/search-patients?q=${encodeURIComponent('0% R')}`, medic)).json();
    expect(percent.map((p: { lname: string }) => p.lname)).toEqual(['100% Real']);
    const underscore = (await get(`/api/medics/search-patients?q=${encodeURIComponent('a_b')}`, medic)).json();
    expect(underscore.map((p: { lname: string }) => p.lname)).toEqual(['A_B']);
  });

  it('answers an empty query with [] without touching the database', async () => {
    // One request first: the session behind the token is then kept in memory (auth/actor-cache.ts).
    await get('/api/medics/search-patients?q=', medic);
    sqlStatements.count = 0;
    for (const url of ['/api/medics/search-patients?q=', '/api/medics/search-patients?q=%20%20', '/api/medics/search-patients']) {
      const response = await get(url, medic);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    }
    // Not even the session's: it came from memory. Each request takes one look at the access version,
    // the point read that says whether the session kept in memory still holds
    // (auth/request-cache-version.ts): always made, and counted since it runs through drizzle.
    expect(sqlStatements.count).toBe(3);
  });
});

describe('GET /api/medics/search', () => {
  it('finds doctors by name, last name or email for any signed-in user, at most 20', async () => {
    const tag = `Doc${Date.now()}`;
    const doctor = await register(app, { type: 'medic', name: `${tag}Ana`, lname: 'Vidal', email: uniqueEmail('doc') });
    const patient = await newPatient();
    const response = await get(`/api/medics/search?q=${tag.toLowerCase()}`, patient);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { idMedic: expect.any(Number), name: `${tag}Ana`, lname: 'Vidal', email: doctor.user.email, phone: null, whatsapp: null, about: null, specialty: null, licenseNumber: null },
    ]);
    expect((await get('/api/medics/search?q=', patient)).json()).toEqual([]);
    expect((await get(`/api/medics/search?q=${tag}`)).statusCode).toBe(401);
  });
});
