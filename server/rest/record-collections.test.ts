// The seven sub-record collections of a patient's record (API.md): adding, editing and deleting an
// item, who may, and what each field accepts.
import { describe, expect, it } from 'vitest';
import { errorOf, register, uniqueEmail } from '../test/helpers';
import { app, usePatientRecordPractice, call, linkedPair, samples } from './patient-record.fixture';

usePatientRecordPractice();

describe.each(Object.entries(samples))('the %s collection', (key, sample) => {
  it('adds (201), edits (200) and deletes (204) an item', async () => {
    const { medic, idPatient } = await linkedPair();
    const added = await call('POST', `/api/patients/${idPatient}/${sample.path}`, medic, sample.add);
    expect(added.statusCode).toBe(201);
    const item = added.json();
    expect(item[sample.id]).toEqual(expect.any(Number));
    const edited = await call('PATCH', `/api/patients/${idPatient}/${sample.path}/${item[sample.id]}`, medic, sample.edit);
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...item, ...sample.edit });
    const detail = (await call('GET', `/api/medics/patients/${idPatient}`, medic)).json();
    expect(detail[key]).toEqual([{ ...item, ...sample.edit }]);
    const removed = await call('DELETE', `/api/patients/${idPatient}/${sample.path}/${item[sample.id]}`, medic);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/medics/patients/${idPatient}`, medic)).json()[key]).toEqual([]);
  });

  it(`answers 400 naming ${sample.required} when it is missing`, async () => {
    const { medic, idPatient } = await linkedPair();
    const { [sample.required]: _missing, ...rest } = sample.add as Record<string, unknown>;
    const response = await call('POST', `/api/patients/${idPatient}/${sample.path}`, medic, rest);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues?.map((issue) => issue.path)).toContain(sample.required);
  });

  it("answers 404 for an item id of another patient, and leaves that item alone", async () => {
    const mine = await linkedPair();
    const theirs = await linkedPair();
    const item = (await call('POST', `/api/patients/${theirs.idPatient}/${sample.path}`, theirs.medic, sample.add)).json();
    const url = `/api/patients/${mine.idPatient}/${sample.path}/${item[sample.id]}`;
    expect((await call('PATCH', url, mine.medic, sample.edit)).statusCode).toBe(404);
    expect((await call('DELETE', url, mine.medic)).statusCode).toBe(404);
    expect((await call('GET', `/api/medics/patients/${theirs.idPatient}`, theirs.medic)).json()[key]).toEqual([item]);
  });

  it('answers 404 to an unlinked medic and 403 to a patient', async () => {
    const { patient, idPatient } = await linkedPair();
    const stranger = await register(app, { type: 'medic', email: uniqueEmail('stranger') });
    expect((await call('POST', `/api/patients/${idPatient}/${sample.path}`, stranger, sample.add)).statusCode).toBe(404);
    expect((await call('POST', `/api/patients/${idPatient}/${sample.path}`, patient, sample.add)).statusCode).toBe(403);
  });
});

describe('validation of sub-records', () => {
  it.each([
    ['systolic', 39],
    ['systolic', 301],
    ['diastolic', 19],
    ['diastolic', 201],
    ['heartRate', 19],
    ['heartRate', 301],
    ['temperature', 24.9],
    ['temperature', 45.1],
    ['oxygenSaturation', -1],
    ['oxygenSaturation', 101],
    ['respiratoryRate', 3],
    ['respiratoryRate', 81],
    ['weight', 0.1],
    ['weight', 500.1],
    ['weight', 70.25],
  ])('refuses a vital with %s %s, naming the field', async (field, value) => {
    const { medic, idPatient } = await linkedPair();
    const response = await call('POST', `/api/patients/${idPatient}/vitals`, medic, { date: '2026-06-01', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).issues?.[0]?.path).toBe(field);
  });

  it('converts numbers sent as text to numbers', async () => {
    const { medic, idPatient } = await linkedPair();
    const vital = (await call('POST', `/api/patients/${idPatient}/vitals`, medic, samples.vitals.add)).json();
    expect(vital).toMatchObject({ systolic: 120, diastolic: 80, heartRate: 72, temperature: 36.6, oxygenSaturation: 98, respiratoryRate: 16, weight: 70.4 });
  });

  it('requires a vaccine date, and a lab test name or value even after an edit', async () => {
    const { medic, idPatient } = await linkedPair();
    const noDate = await call('POST', `/api/patients/${idPatient}/vaccines`, medic, { vaccineName: 'Gripe' });
    expect(errorOf(noDate).issues?.map((issue) => issue.path)).toEqual(['date']);
    const nameless = await call('POST', `/api/patients/${idPatient}/labs`, medic, { date: '2026-01-01' });
    expect(nameless.statusCode).toBe(400);
    const lab = (await call('POST', `/api/patients/${idPatient}/labs`, medic, { date: '2026-01-01', value: '5' })).json();
    expect(lab).toMatchObject({ testName: null, value: '5', idContent: null });
    const cleared = await call('PATCH', `/api/patients/${idPatient}/labs/${lab.idLabs}`, medic, { value: '' });
    expect(cleared.statusCode).toBe(400);
    expect(errorOf(cleared).issues).toEqual([{ path: 'testName', message: 'validation.labNameOrValue' }]);
  });

  it('refuses an allergy severity or record status outside the lists', async () => {
    const { medic, idPatient } = await linkedPair();
    expect((await call('POST', `/api/patients/${idPatient}/allergies`, medic, { allergyName: 'X', severity: 'Deadly' })).statusCode).toBe(400);
    expect((await call('POST', `/api/patients/${idPatient}/pathological-records`, medic, { condition: 'X', status: 'Gone' })).statusCode).toBe(400);
  });
});
