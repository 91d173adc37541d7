// A medic's list of patients and one patient's page (API.md): only linked patients, in one query
// however many.
import { describe, expect, it } from 'vitest';
import { errorOf } from '../test/helpers';
import { addAppointment, get, link, newMedic, newPatient, patientIdOf, sqlStatements, useWorkspaceApp } from './medic-workspace.fixture';

useWorkspaceApp();

describe('GET /api/medics/my-patients', () => {
  it('lists only the linked patients, by last name then name, with appointment count and last appointment', async () => {
    const medic = await newMedic();
    const zamora = await newPatient({ name: 'Eva', lname: 'Zamora' });
    const alonsoB = await newPatient({ name: 'Bruno', lname: 'alonso' });
    const alonsoA = await newPatient({ name: 'Ana', lname: 'Alonso' });
    await newPatient({ name: 'Not', lname: 'Linked' });
    for (const patient of [zamora, alonsoB, alonsoA]) await link(medic, patient);
    const idZamora = await patientIdOf(zamora);
    await addAppointment(idZamora, '2026-01-05T09:30');
    await addAppointment(idZamora, '2026-03-01T10:00');

    const response = await get('/api/medics/my-patients', medic);
    expect(response.statusCode).toBe(200);
    const { patients } = response.json();
    expect(patients.map((p: { name: string }) => p.name)).toEqual(['Ana', 'Bruno', 'Eva']);
    expect(patients[2]).toEqual({
      idPatient: idZamora,
      name: 'Eva',
      lname: 'Zamora',
      email: zamora.user.email,
      phone: null,
      bloodGroup: null,
      bloodRh: null,
      lastAppointment: '2026-03-01T10:00',
      nextAppointment: null,
      appointmentCount: 2,
    });
    expect(patients[0]).toMatchObject({ lastAppointment: null, nextAppointment: null, appointmentCount: 0 });
  });

  it('runs the same number of SQL statements for 1 patient as for 25', async () => {
    const medic = await newMedic();
    await link(medic, await newPatient());
    sqlStatements.count = 0;
    await get('/api/medics/my-patients', medic);
    const withOne = sqlStatements.count;
    for (let i = 0; i < 24; i++) {
      const patient = await newPatient();
      await link(medic, patient);
      await addAppointment(await patientIdOf(patient), '2026-02-02T08:00');
    }
    sqlStatements.count = 0;
    const response = await get('/api/medics/my-patients', medic);
    expect(response.json().patients).toHaveLength(25);
    expect(sqlStatements.count).toBe(withOne);
  });
});

describe('GET /api/patients and /api/patients/:id', () => {
  it("lists the caller's linked patients only", async () => {
    const medic = await newMedic();
    const mine = await newPatient();
    await newPatient();
    await link(medic, mine);
    const response = await get('/api/patients', medic);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((p: { idPatient: number }) => p.idPatient)).toEqual([await patientIdOf(mine)]);
  });

  it('shows a patient to a linked medic and to the patient themself, and 404 to anyone else', async () => {
    const medic = await newMedic();
    const stranger = await newMedic();
    const patient = await newPatient();
    const otherPatient = await newPatient();
    await link(medic, patient);
    const idPatient = await patientIdOf(patient);
    const url = `/api/patients/${idPatient}`;
    expect((await get(url, medic)).json()).toMatchObject({ idPatient, email: patient.user.email });
    expect((await get(url, patient)).statusCode).toBe(200);
    for (const caller of [stranger, otherPatient]) {
      const response = await get(url, caller);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    }
    expect((await get('/api/patients/999999', medic)).statusCode).toBe(404);
    expect((await get('/api/patients/abc', medic)).statusCode).toBe(400);
  });
});
