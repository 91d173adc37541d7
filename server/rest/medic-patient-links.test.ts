// Linking a patient, with the patient's consent, and unlinking one (API.md).
import { describe, expect, it } from 'vitest';
import { errorOf, uniqueEmail } from '../test/helpers';
import { askLink, del, get, link, newMedic, newPatient, patientIdOf, post, useWorkspaceApp } from './medic-workspace.fixture';

useWorkspaceApp();

describe('POST /api/medics/link-patient', () => {
  it('answers 202 with a pending request for an email in any case; the record stays 404 until the patient accepts', async () => {
    const medic = await newMedic();
    const patient = await newPatient({ name: 'Luz', lname: 'Mar' });
    const response = await post('/api/medics/link-patient', { patientEmail: ` ${patient.user.email.toUpperCase()} ` }, medic);
    expect(response.statusCode).toBe(202);
    const { request } = response.json();
    expect(response.json()).toEqual({
      message: expect.any(String),
      request: {
        idRequest: expect.any(Number),
        patient: { idPatient: await patientIdOf(patient), name: 'Luz', lname: 'Mar', email: patient.user.email },
        createdAt: expect.any(String),
        status: 'pending',
      },
    });
    expect((await get(`/api/medics/patients/${await patientIdOf(patient)}`, medic)).statusCode).toBe(404);
    expect((await get(`/api/patients/${await patientIdOf(patient)}`, medic)).statusCode).toBe(404);

    const accepted = await post(`/api/patients/me/link-requests/${request.idRequest}/accept`, {}, patient);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ message: expect.any(String), doctor: expect.objectContaining({ email: medic.user.email }) });
    expect((await get(`/api/medics/patients/${await patientIdOf(patient)}`, medic)).statusCode).toBe(200);
    // A fulfilled request is gone from both sides.
    expect((await get('/api/medics/link-requests', medic)).json()).toEqual({ requests: [] });
    expect((await get('/api/patients/me', patient)).json().linkRequests).toEqual([]);
  });

  it('answers the same pending request when asked twice', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    const first = (await askLink(medic, patient)).json().request;
    const second = await askLink(medic, patient);
    expect(second.statusCode).toBe(202);
    expect(second.json().request.idRequest).toBe(first.idRequest);
    expect((await get('/api/patients/me', patient)).json().linkRequests).toHaveLength(1);
  });

  it('answers 404 PATIENT_NOT_FOUND for an unknown email and for a medic account', async () => {
    const medic = await newMedic();
    const otherMedic = await newMedic();
    for (const patientEmail of [uniqueEmail('nobody'), otherMedic.user.email]) {
      const response = await post('/api/medics/link-patient', { patientEmail }, medic);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    }
  });

  it('answers 409 ALREADY_LINKED for a patient already linked', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    expect(await link(medic, patient)).toBe(200);
    const response = await askLink(medic, patient);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('ALREADY_LINKED');
  });

  it('answers 400 for a malformed email', async () => {
    const response = await post('/api/medics/link-patient', { patientEmail: 'nope' }, await newMedic());
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues).toEqual([{ path: 'patientEmail', message: 'validation.emailInvalid' }]);
  });
});

describe('DELETE /api/medics/unlink-patient/:patientId', () => {
  it('answers 204, and the medic can no longer read the patient', async () => {
    const medic = await newMedic();
    const patient = await newPatient();
    await link(medic, patient);
    const response = await del(`/api/medics/unlink-patient/${await patientIdOf(patient)}`, medic);
    expect(response.statusCode).toBe(204);
    expect((await get(`/api/patients/${await patientIdOf(patient)}`, medic)).statusCode).toBe(404);
  });

  it('answers 404 for a patient not linked to the caller', async () => {
    const medic = await newMedic();
    const otherMedic = await newMedic();
    const patient = await newPatient();
    await link(otherMedic, patient);
    const response = await del(`/api/medics/unlink-patient/${await patientIdOf(patient)}`, medic);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('PATIENT_NOT_FOUND');
    expect((await get(`/api/patients/${await patientIdOf(patient)}`, otherMedic)).statusCode).toBe(200);
  });
});
