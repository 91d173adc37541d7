// A medic creating a patient account, or sending the documented form for a linked one (API.md
// POST /api/patients): all or nothing.
import { describe, expect, it } from 'vitest';
import { errorOf, rowCount, uniqueEmail } from '../test/helpers';
import { refuseInserts } from '../test/refused-insert';
import { app, get, link, newMedic, newPatient, patientIdOf, post, useWorkspaceApp } from './medic-workspace.fixture';

useWorkspaceApp();

describe('POST /api/patients', () => {
  it('creates a new patient account linked to the caller, with the documented defaults', async () => {
    const medic = await newMedic();
    const email = uniqueEmail('created');
    const response = await post('/api/patients', { name: 'Sara', lname: 'Núñez', email, password: 'secreto1', weight: '61.5', height: 165, bloodGroup: 'AB', bloodRh: '-' }, medic);
    expect(response.statusCode).toBe(201);
    const patient = response.json();
    expect(patient).toEqual({
      idPatient: expect.any(Number),
      idUser: expect.any(Number),
      name: 'Sara',
      lname: 'Núñez',
      email,
      phone: '0000000000',
      extraPhone: '',
      address: 'No especificada',
      addressSpecific: '',
      bloodGroup: 'AB',
      bloodRh: '-',
      civilStatus: null,
      birthDate: null,
      sex: null,
      weight: 61.5,
      height: 165,
      policy: '',
      documentNumber: null,
    });
    const list = (await get('/api/medics/my-patients', medic)).json().patients;
    expect(list.map((p: { idPatient: number }) => p.idPatient)).toContain(patient.idPatient);
    // The new patient signs in with the password the medic set, and must choose their own first.
    const login = await post('/api/auth/login', { email, password: 'secreto1' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.mustChangePassword).toBe(true);
  });

  it('answers 409 EMAIL_TAKEN and creates nothing when the email is in use', async () => {
    const medic = await newMedic();
    const existing = await newPatient();
    const before = await rowCount(app, 'users');
    const response = await post('/api/patients', { name: 'A', lname: 'B', email: existing.user.email.toUpperCase(), password: 'secreto1' }, medic);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('EMAIL_TAKEN');
    expect(await rowCount(app, 'users')).toBe(before);
  });

  it('refuses a common password for the new account, naming the field, and creates nothing', async () => {
    const medic = await newMedic();
    const before = await rowCount(app, 'users');
    const response = await post('/api/patients', { name: 'Sara', lname: 'Núñez', email: uniqueEmail('common'), password: 'Password1' }, medic);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'password', message: 'validation.passwordTooCommon' }] });
    expect(await rowCount(app, 'users')).toBe(before);
  });

  it('names every invalid field', async () => {
    const response = await post('/api/patients', { name: '', lname: '', email: 'x', password: '1', weight: 0.01, bloodGroup: 'C' }, await newMedic());
    expect(response.statusCode).toBe(400);
    expect([...new Set(errorOf(response).issues?.map((issue) => issue.path))].sort()).toEqual(['bloodGroup', 'email', 'lname', 'name', 'password', 'weight']);
  });

  it('leaves no user, record or link behind when a write after the user insert fails', async () => {
    const medic = await newMedic();
    const counts = async () => {
      const rows: number[] = [];
      for (const table of ['users', 'patients', 'medic_patients']) rows.push(await rowCount(app, table));
      return rows;
    };
    const before = await counts();
    const allowInserts = await refuseInserts(app.deps.db, 'patients', 'forced failure');
    try {
      const response = await post('/api/patients', { name: 'A', lname: 'B', email: uniqueEmail('doomed'), password: 'secreto1' }, medic);
      expect(response.statusCode).toBe(500);
      expect(errorOf(response).code).toBe('INTERNAL_ERROR');
    } finally {
      await allowInserts();
    }
    expect(await counts()).toEqual(before);
  });

  it('accepts the documented form for a patient already linked to the caller, matching id and email', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    await link(medic, patient);
    const payload = {
      idUser: patient.user.idUser,
      email: patient.user.email,
      phone: '',
      extraPhone: '',
      address: '',
      addressSpecific: '',
      bloodGroup: 'O',
      bloodRh: '+',
      weight: 80,
      height: 180,
      civilStatus: 'Casado',
      policy: '',
      origin: '',
      originSent: '',
      originPlace: '',
      insuranceComment: '',
    };
    const response = await post('/api/patients', payload, medic);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ idPatient: await patientIdOf(patient), phone: '0000000000', address: 'No especificada', bloodGroup: 'O', civilStatus: 'Casado' });
    const mismatch = await post('/api/patients', { ...payload, email: uniqueEmail('other') }, medic);
    expect(mismatch.statusCode).toBe(404);
  });

  it("answers 404 and changes nothing when an unlinked medic sends the documented form for someone's account", async () => {
    const owner = await newMedic();
    const patient = await newPatient();
    await link(owner, patient);
    const before = (await get(`/api/medics/patients/${await patientIdOf(patient)}`, owner)).json().patient;
    const intruder = await newMedic();
    const response = await post(
      '/api/patients',
      { idUser: patient.user.idUser, email: patient.user.email, phone: '666', address: 'Elsewhere', bloodGroup: 'B', weight: 99 },
      intruder,
    );
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    expect((await get(`/api/medics/patients/${await patientIdOf(patient)}`, owner)).json().patient).toEqual(before);
    expect((await get(`/api/medics/patients/${await patientIdOf(patient)}`, intruder)).statusCode).toBe(404);
  });
});
