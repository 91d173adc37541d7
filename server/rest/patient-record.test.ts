// The patient record for medics (API.md): the whole detail in one call, editing the patient, and
// the audit trail of what was read and written.
import { describe, expect, it } from 'vitest';
import { rawRows } from '../db/raw-sql';
import { errorOf, register, uniqueEmail } from '../test/helpers';
import { today, app, usePatientRecordPractice, call, linkedPair, samples } from './patient-record.fixture';

let statements = 0;
usePatientRecordPractice({ onStatement: () => void (statements += 1) });

describe('GET /api/medics/patients/:id', () => {
  it('answers the whole PatientDetail with null for what is absent', async () => {
    const { medic, idPatient, patient } = await linkedPair();
    const response = await call('GET', `/api/medics/patients/${idPatient}`, medic);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      patient: expect.objectContaining({ idPatient, name: patient.user.name, email: patient.user.email, bloodGroup: null, bloodRh: null }),
      history: [],
      allergies: [],
      vitals: [],
      labs: [],
      vaccines: [],
      pathologicalRecords: [],
      contacts: [],
      familyHistory: [],
      lifestyle: null,
      insurance: null,
      profession: null,
      religion: null,
      nationality: null,
      education: null,
      documentType: null,
      files: [],
      emergencyAccess: null,
      // The long lists' totals and cursors (API.md "Long histories"): nothing is left of an empty record.
      historyTotal: 0,
      historyNextCursor: null,
      vitalsTotal: 0,
      vitalsNextCursor: null,
      labsTotal: 0,
      labsNextCursor: null,
    });
  });

  it('lists every collection newest first', async () => {
    const { medic, idPatient } = await linkedPair();
    for (const date of ['2026-01-01', '2026-03-01', '2026-02-01']) {
      await call('POST', `/api/patients/${idPatient}/vitals`, medic, { date, systolic: 120 });
      await call('POST', `/api/patients/${idPatient}/labs`, medic, { date, testName: 'Hb' });
      await call('POST', `/api/patients/${idPatient}/vaccines`, medic, { date, vaccineName: 'Gripe' });
      await call('POST', '/api/clinical-history', medic, { idPatient, date: `${date}T08:00`, motive: 'Control' });
    }
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    const dates = (items: { date: string }[]) => items.map((item) => item.date.slice(0, 10));
    for (const list of [detail.vitals, detail.labs, detail.vaccines, detail.history]) {
      expect(dates(list)).toEqual(['2026-03-01', '2026-02-01', '2026-01-01']);
    }
  });

  it('runs the same number of SQL statements however many items the record holds', async () => {
    const { medic, idPatient } = await linkedPair();
    // A first read leaves the caller and the link in memory, as they stay for the read below.
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    // A change to the record makes the next read load it again, as the one after the items below does.
    expect((await call('PATCH', `/api/patients/${idPatient}`, medic, { bloodGroup: 'AB', bloodRh: '-' })).statusCode).toBe(200);
    statements = 0;
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    const empty = statements;
    for (let i = 0; i < 8; i++) {
      for (const sample of Object.values(samples)) await call('POST', `/api/patients/${idPatient}/${sample.path}`, medic, sample.add);
      await call('POST', '/api/clinical-history', medic, { idPatient, date: `2026-0${(i % 5) + 1}-0${i + 1}T08:00`, motive: 'Control' });
    }
    statements = 0;
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail.allergies).toHaveLength(8);
    expect(detail.history).toHaveLength(8);
    expect(statements).toBe(empty);
  });

  it('answers 404 to an unlinked medic, 403 to a patient and 401 to anonymous', async () => {
    const { patient, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    expect((await call('GET', `/api/medics/patients/${idPatient}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/medics/patients/${idPatient}`, patient)).statusCode).toBe(403);
    expect((await call('GET', `/api/medics/patients/${idPatient}`)).statusCode).toBe(401);
  });
});

describe('PATCH /api/patients/:idPatient', () => {
  it('edits contact fields and blood type', async () => {
    const { medic, idPatient } = await linkedPair();
    const email = uniqueEmail('changed');
    const response = await call('PATCH', `/api/patients/${idPatient}`, medic, { email, phone: '555 1234', address: 'Av. Reforma 1', bloodGroup: 'AB', bloodRh: '-' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ idPatient, email, phone: '555 1234', address: 'Av. Reforma 1', bloodGroup: 'AB', bloodRh: '-' });
  });

  it('fills demographics by name, creating each lookup on first use and reusing it whatever its case', async () => {
    const first = await linkedPair();
    const second = await linkedPair();
    const demographics = { profession: 'Ingeniera', religion: 'Ninguna', nationality: 'Mexicana', education: 'Universidad', documentType: 'INE', civilStatus: 'Soltera', weight: '61.5', height: '165', documentNumber: 'X123' };
    expect((await call('PATCH', `/api/patients/${first.idPatient}`, first.medic, demographics)).statusCode).toBe(200);
    await call('PATCH', `/api/patients/${second.idPatient}`, second.medic, { profession: 'INGENIERA' });
    const one = (await call('GET', `/api/medics/patients/${first.idPatient}`, first.medic)).json();
    const two = (await call('GET', `/api/medics/patients/${second.idPatient}`, second.medic)).json();
    expect(one.profession).toEqual({ id: expect.any(Number), name: 'Ingeniera' });
    expect(two.profession).toEqual(one.profession);
    expect(one).toMatchObject({ religion: { name: 'Ninguna' }, nationality: { name: 'Mexicana' }, education: { name: 'Universidad' }, documentType: { name: 'INE' } });
    expect(one.patient).toMatchObject({ civilStatus: 'Soltera', weight: 61.5, height: 165, documentNumber: 'X123' });
    await call('PATCH', `/api/patients/${first.idPatient}`, first.medic, { profession: '' });
    expect((await call('GET', `/api/medics/patients/${first.idPatient}`, first.medic)).json().profession).toBeNull();
  });

  it('sets and clears insurance and lifestyle', async () => {
    const { medic, idPatient } = await linkedPair();
    await call('PATCH', `/api/patients/${idPatient}`, medic, {
      insurance: { name: 'Sanitas', type: 'Privado', provider: 'Sanitas SA', policyNumber: 'P-1' },
      lifestyle: { alcohol: { frequency: 'Semanal', quantity: '2', type: 'Vino' }, physicalActivity: { frequency: 'Diaria', type: 'Correr', duration: '30 min' } },
    });
    let detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail.insurance).toEqual({ name: 'Sanitas', type: 'Privado', provider: 'Sanitas SA', policyNumber: 'P-1' });
    expect(detail.lifestyle).toEqual({
      alcohol: { frequency: 'Semanal', quantity: '2', type: 'Vino' },
      tobacco: null,
      drugs: null,
      physicalActivity: { frequency: 'Diaria', type: 'Correr', duration: '30 min' },
    });
    await call('PATCH', `/api/patients/${idPatient}`, medic, { lifestyle: { alcohol: null } });
    detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail.lifestyle).toMatchObject({ alcohol: null, physicalActivity: { type: 'Correr' } });
    await call('PATCH', `/api/patients/${idPatient}`, medic, { insurance: null, lifestyle: null });
    detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail).toMatchObject({ insurance: null, lifestyle: null });
  });

  it('answers 409 EMAIL_TAKEN for an email of another account, and changes nothing', async () => {
    const { medic, idPatient } = await linkedPair();
    const other = await register(app, { email: uniqueEmail('other') });
    const response = await call('PATCH', `/api/patients/${idPatient}`, medic, { email: other.user.email.toUpperCase(), phone: '999' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('EMAIL_TAKEN');
    expect((await call('GET', `/api/patients/${idPatient}`, medic)).json().phone).toBeNull();
  });

  it('names each invalid field with 400', async () => {
    const { medic, idPatient } = await linkedPair();
    const response = await call('PATCH', `/api/patients/${idPatient}`, medic, { bloodGroup: 'C', weight: 900, height: 20.5, email: 'x' });
    expect(response.statusCode).toBe(400);
    expect([...new Set(errorOf(response).issues?.map((issue) => issue.path))].sort()).toEqual(['bloodGroup', 'email', 'height', 'weight']);
  });

  it('answers 404 to an unlinked medic', async () => {
    const { idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    expect((await call('PATCH', `/api/patients/${idPatient}`, stranger, { phone: '1' })).statusCode).toBe(404);
  });
});

describe('the audit trail of the record', () => {
  it('records the read and every write with the patient', async () => {
    const { medic, idPatient } = await linkedPair();
    await call('GET', `/api/medics/patients/${idPatient}`, medic);
    await call('PATCH', `/api/patients/${idPatient}`, medic, { phone: '1' });
    const allergy = (await call('POST', `/api/patients/${idPatient}/allergies`, medic, samples.allergies.add)).json();
    await call('PATCH', `/api/patients/${idPatient}/allergies/${allergy.idPatientAllergy}`, medic, { severity: 'Mild' });
    await call('DELETE', `/api/patients/${idPatient}/allergies/${allergy.idPatientAllergy}`, medic);
    const appointment = (await call('POST', '/api/clinical-history', medic, { idPatient, date: `${today}T08:00`, motive: 'x' })).json();
    await call('PATCH', `/api/clinical-history/${appointment.idHistory}`, medic, { notes: 'y' });
    await call('DELETE', `/api/clinical-history/${appointment.idHistory}`, medic);
    const events = await rawRows<{ action: string }>(app.deps.db, "select action from audit_events where patient_id = ? and outcome = 'success' order by id", [idPatient]);
    expect(events.map((event) => event.action)).toEqual([
      'patient.detail',
      'patient.update',
      'allergies.add',
      'allergies.update',
      'allergies.remove',
      'appointment.create',
      'appointment.update',
      'appointment.delete',
    ]);
  });
});
