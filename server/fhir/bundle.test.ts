// The FHIR export of a full record and of an empty one: every entry and the bundle valid against
// FHIR R4's StructureDefinitions, references resolved inside the bundle, LOINC and UCUM exactly as
// the FHIR export promises them (docs/architecture.md), every code from its value set (which the validator does not check), the
// notes' diagnoses as ICD-10 Conditions of their Encounters, and each prescribed item as
// a MedicationRequest and each addendum as a note of the appointment's ClinicalImpression.
import type { Bundle, Observation } from '@medplum/fhirtypes';
import type { Prescription } from '../../shared/prescriptions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawGet, rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, register, testConfig, uniqueEmail } from '../test/helpers';
import { testCatalogDir, testDiagnosisName } from '../test/test-catalog';
import { resourcesOf, unresolvedReferences, validationErrors } from '../test/fhir-checks';
import { samplePdf } from '../test/sample-files';

// A fixed "now" in the practice's time zone: 2026-06-15 at 10:30 local time.
const now = new Date(2026, 5, 15, 10, 30);
let app: FastifyInstance;
beforeAll(async () => {
  // Appointments name their diagnoses from the catalog.
  app = await buildTestApp({ now: () => now, config: testConfig({ catalogDir: testCatalogDir() }) });
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, session: Session, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(session.access_token), ...(payload ? { payload } : {}) });

async function linkedPair() {
  const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email, name: 'Pilar', lname: 'Paz Gómez' });
  const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
  return { medic, patient, idPatient };
}

async function fillRecord(medic: Session, idPatient: number) {
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBeLessThan(300);
  };
  await ok(
    call('PATCH', `/patients/${idPatient}`, medic, {
      phone: '600 111 222', extraPhone: '910 000 000', address: 'Calle Mayor 1', addressSpecific: '3º B', civilStatus: 'Casada',
      weight: 64.5, height: 168, documentNumber: '12345678Z', documentType: 'DNI', birthDate: '1974-03-04', sex: 'female',
    }),
  );
  for (const severity of ['Severe', 'Moderate', 'Mild', null]) {
    await ok(call('POST', `/patients/${idPatient}/allergies`, medic, { allergyName: `Alergia ${severity}`, severity, type: 'Medicamento', reaction: 'Urticaria' }));
  }
  await ok(call('POST', `/patients/${idPatient}/allergies`, medic, { allergyName: 'Polen' }));
  for (const status of ['Active', 'Chronic', 'Resolved', null]) {
    await ok(call('POST', `/patients/${idPatient}/pathological-records`, medic, { condition: `Asma ${status}`, status, diagnosisDate: '2020-03-01', notes: 'Inhalador' }));
  }
  await ok(
    call('POST', `/patients/${idPatient}/vitals`, medic, { date: '2026-06-01T09:00', systolic: 120, diastolic: 80, heartRate: 72, temperature: 36.6, oxygenSaturation: 98, respiratoryRate: 16, weight: 65.2 }),
  );
  await ok(call('POST', `/patients/${idPatient}/vitals`, medic, { date: '2026-01-10', systolic: 135 }));
  await ok(call('POST', `/patients/${idPatient}/labs`, medic, { testName: 'Glucosa', value: '95', unit: 'mg/dL', referenceRange: '70-100', date: '2026-05-20', comment: 'Ayunas' }));
  await ok(call('POST', `/patients/${idPatient}/labs`, medic, { value: 'Negativo', date: '2026-05-21' }));
  await ok(call('POST', `/patients/${idPatient}/vaccines`, medic, { vaccineName: 'Tétanos', date: '2025-01-10', dose: '2', manufacturer: 'Acme', nextDose: '2035-01-10' }));
  await ok(call('POST', `/patients/${idPatient}/vaccines`, medic, { vaccineName: 'Gripe', date: '2025-10-01' }));
  await ok(call('POST', `/patients/${idPatient}/contacts`, medic, { name: 'Rosa Díaz', relationship: 'Madre', phone: '555 0101', email: 'rosa@example.test', address: 'Calle 1' }));
  await ok(call('POST', `/patients/${idPatient}/contacts`, medic, { name: 'Juan Paz' }));
  await ok(call('POST', `/patients/${idPatient}/family-history`, medic, { relative: 'Madre', condition: 'Diabetes tipo 2', notes: 'Desde los 50 años' }));
  await ok(call('POST', `/patients/${idPatient}/family-history`, medic, { relative: 'Abuelo paterno', condition: 'Infarto de miocardio' }));
  const appointment = {
    idPatient, date: '2026-06-15T10:00', end: '10:30', motive: 'Control', notes: 'Bien', medications: ['Paracetamol 1 g', 'Salbutamol'], diagnoses: ['J45.9', 'i10'],
    subjective: 'Tos seca de tres días', exploration: 'Sibilancias espiratorias', plan: 'Salbutamol a demanda; control en un mes', prognosis: 'Bueno',
  };
  const control = await call('POST', '/clinical-history', medic, appointment);
  expect(control.statusCode, control.body).toBe(201);
  await ok(call('POST', '/clinical-history', medic, { idPatient, date: '2026-06-15T17:00', motive: 'Revisión' }));
  const { idHistory } = control.json<{ idHistory: number }>();
  await ok(call('PATCH', '/medics/me', medic, { name: 'Marta', lname: 'Solís', licenseNumber: '12345678' }));
  const prescribe = (items: object[], notes?: string) =>
    call('POST', `/clinical-history/${idHistory}/prescriptions`, medic, { items, notes }).then((response) => response.json<Prescription>());
  await prescribe(
    [
      { drug: 'Amoxicilina', strength: '500 mg', form: 'cápsulas', route: 'vía oral', presentation: 'Caja con 21', packages: '1 caja', dose: '1 cápsula', frequency: 'cada 8 horas', duration: '7 días', instructions: 'Con alimentos' },
      { drug: 'Salbutamol' },
    ],
    'Volver si hay fiebre',
  );
  const mistaken = await prescribe([{ drug: 'Ibuprofeno', strength: '600 mg' }]);
  await ok(call('POST', `/prescriptions/${mistaken.idPrescription}/void`, medic, { reason: 'Dosis equivocada' }));
  await ok(call('POST', `/clinical-history/${idHistory}/addenda`, medic, { text: 'Se aclara: sin fiebre en la exploración.' }));
  const form = new FormData();
  form.append('comment', 'Informe');
  form.append('file', new Blob([new Uint8Array(samplePdf)], { type: 'application/pdf' }), 'informe de análisis.pdf');
  await ok(app.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: bearer(medic.access_token), payload: form }));
}

const encounterDiagnosesOf = (bundle: Bundle) =>
  resourcesOf(bundle, 'Condition').filter((condition) => condition.category?.[0]?.coding?.[0]?.code === 'encounter-diagnosis');

async function exportOf(medic: Session, idPatient: number): Promise<Bundle> {
  const response = await call('GET', `/patients/${idPatient}/fhir`, medic);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Bundle>();
}

function expectValid(bundle: Bundle) {
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const errors = [...(bundle.entry ?? []).flatMap((entry) => validationErrors(entry.resource!)), ...validationErrors(bundle)];
  expect(errors).toEqual([]);
  expect(unresolvedReferences(bundle)).toEqual([]);
  const fullUrls = (bundle.entry ?? []).map((entry) => entry.fullUrl);
  expect(new Set(fullUrls).size).toBe(fullUrls.length);
  for (const entry of bundle.entry ?? []) {
    expect(entry.fullUrl).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource!.id}`);
  }
  // FHIR refuses empty strings, arrays and objects; the validator does not say so for every one.
  expect(JSON.stringify(bundle)).not.toMatch(/""|\[\]|\{\}/);
}

describe('the FHIR export of a full record', () => {
  let bundle: Bundle;
  let idPatient: number;
  let medic: Session;
  beforeAll(async () => {
    ({ medic, idPatient } = await linkedPair());
    await fillRecord(medic, idPatient);
    bundle = await exportOf(medic, idPatient);
  });

  it('is valid FHIR R4, entry by entry and as a bundle, with every reference inside it', () => {
    expectValid(bundle);
    const kinds = new Set(bundle.entry!.map((entry) => entry.resource!.resourceType));
    for (const kind of ['Patient', 'AllergyIntolerance', 'Condition', 'Observation', 'Immunization', 'ImmunizationRecommendation', 'Encounter', 'ClinicalImpression', 'CarePlan', 'MedicationStatement', 'MedicationRequest', 'RelatedPerson', 'DocumentReference', 'FamilyMemberHistory']) {
      expect(kinds, kind).toContain(kind);
    }
    expect(bundle.timestamp).toMatch(/^2026-06-15T10:30:00([+-]\d{2}:\d{2}|Z)$/);
  });

  it('describes the patient: names, telecom, address, identifiers, birth date and gender', () => {
    const [patient] = resourcesOf(bundle, 'Patient');
    expect(patient!.name).toEqual([{ use: 'official', family: 'Paz Gómez', given: ['Pilar'] }]);
    expect(patient!.telecom!.map((point) => [point.system, point.value])).toEqual([['phone', '600 111 222'], ['phone', '910 000 000'], ['email', expect.stringContaining('@')]]);
    expect(patient!.address).toEqual([{ line: ['Calle Mayor 1', '3º B'], text: 'Calle Mayor 1, 3º B' }]);
    expect(patient!.identifier).toEqual([
      expect.objectContaining({ value: String(idPatient), type: { coding: [expect.objectContaining({ code: 'MR' })] }, system: expect.stringMatching(/^urn:uuid:/) }),
      { use: 'official', type: { text: 'DNI' }, value: '12345678Z' },
    ]);
    expect(patient!.gender).toBe('female');
    expect(patient!.birthDate).toBe('1974-03-04');
    expect(patient!.maritalStatus).toEqual({ text: 'Casada' });
  });

  it('codes every vital in LOINC with its UCUM unit, exactly as listed', () => {
    const expected: Record<string, [number, string]> = {
      '8480-6': [120, 'mm[Hg]'], '8462-4': [80, 'mm[Hg]'], '8867-4': [72, '/min'], '8310-5': [36.6, 'Cel'],
      '59408-5': [98, '%'], '9279-1': [16, '/min'], '29463-7': [64.5, 'kg'], '8302-2': [168, 'cm'],
    };
    const vitals = resourcesOf(bundle, 'Observation').filter((observation) => observation.category?.[0]?.coding?.[0]?.code === 'vital-signs');
    const codeOf = (observation: Observation) => observation.code.coding![0]!;
    for (const [loinc, [value, ucum]] of Object.entries(expected)) {
      const found = vitals.find((observation) => codeOf(observation).code === loinc && observation.valueQuantity?.value === value);
      expect(found, loinc).toBeDefined();
      expect(codeOf(found!).system).toBe('http://loinc.org');
      expect(found!.valueQuantity).toMatchObject({ system: 'http://unitsofmeasure.org', code: ucum });
    }
    const systolic = vitals.filter((observation) => codeOf(observation).code === '8480-6').map((observation) => observation.effectiveDateTime);
    expect(systolic).toEqual(expect.arrayContaining([expect.stringMatching(/^2026-06-01T09:00:00([+-]\d{2}:\d{2}|Z)$/), '2026-01-10']));
    // A weight taken with the vital signs keeps their date; the patient's own weight has none.
    const weights = vitals.filter((observation) => codeOf(observation).code === '29463-7');
    expect(weights.map((observation) => [observation.valueQuantity?.value, observation.effectiveDateTime ?? null])).toEqual(
      expect.arrayContaining([[65.2, expect.stringMatching(/^2026-06-01T09:00:00/)], [64.5, null]]),
    );
    expect(vitals).toHaveLength(10);
  });

  it('emits only codes from their value sets (the validator does not check bindings)', () => {
    const allowed = {
      allergyClinical: ['active', 'inactive', 'resolved'],
      criticality: ['low', 'high', 'unable-to-assess'],
      reactionSeverity: ['mild', 'moderate', 'severe'],
      conditionClinical: ['active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved'],
      conditionCategory: ['problem-list-item', 'encounter-diagnosis'],
      observationStatus: ['registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown'],
      immunizationStatus: ['completed', 'entered-in-error', 'not-done'],
      encounterStatus: ['planned', 'arrived', 'triaged', 'in-progress', 'onleave', 'finished', 'cancelled', 'entered-in-error', 'unknown'],
      impressionStatus: ['in-progress', 'completed', 'entered-in-error'],
      carePlanStatus: ['draft', 'active', 'on-hold', 'revoked', 'completed', 'entered-in-error', 'unknown'],
      medicationStatus: ['active', 'completed', 'entered-in-error', 'intended', 'stopped', 'on-hold', 'unknown', 'not-taken'],
      medicationRequestStatus: ['active', 'on-hold', 'cancelled', 'completed', 'entered-in-error', 'stopped', 'draft', 'unknown'],
      medicationRequestIntent: ['proposal', 'plan', 'order', 'original-order', 'reflex-order', 'filler-order', 'instance-order', 'option'],
      documentStatus: ['current', 'superseded', 'entered-in-error'],
    };
    const allergies = resourcesOf(bundle, 'AllergyIntolerance');
    for (const allergy of allergies) expect(allowed.allergyClinical).toContain(allergy.clinicalStatus!.coding![0]!.code);
    expect(allergies.map((allergy) => allergy.criticality).sort()).toEqual(['high', 'low', 'low', undefined, undefined]);
    for (const allergy of allergies) for (const reaction of allergy.reaction ?? []) if (reaction.severity) expect(allowed.reactionSeverity).toContain(reaction.severity);
    const conditions = resourcesOf(bundle, 'Condition');
    for (const condition of conditions) expect(allowed.conditionCategory).toContain(condition.category![0]!.coding![0]!.code);
    expect(conditions.map((condition) => condition.clinicalStatus?.coding?.[0]?.code)).toEqual(expect.arrayContaining(['active', 'active', 'resolved', undefined]));
    for (const condition of conditions) if (condition.clinicalStatus) expect(allowed.conditionClinical).toContain(condition.clinicalStatus.coding![0]!.code);
    for (const observation of resourcesOf(bundle, 'Observation')) expect(allowed.observationStatus).toContain(observation.status);
    for (const immunization of resourcesOf(bundle, 'Immunization')) expect(allowed.immunizationStatus).toContain(immunization.status);
    // 10:00 has begun at 10:30 and is open; 17:00 is still to come.
    expect(resourcesOf(bundle, 'Encounter').map((encounter) => encounter.status).sort()).toEqual(['in-progress', 'planned']);
    for (const impression of resourcesOf(bundle, 'ClinicalImpression')) expect(allowed.impressionStatus).toContain(impression.status);
    for (const plan of resourcesOf(bundle, 'CarePlan')) expect(allowed.carePlanStatus).toContain(plan.status);
    for (const statement of resourcesOf(bundle, 'MedicationStatement')) expect(allowed.medicationStatus).toContain(statement.status);
    for (const request of resourcesOf(bundle, 'MedicationRequest')) {
      expect(allowed.medicationRequestStatus).toContain(request.status);
      expect(allowed.medicationRequestIntent).toContain(request.intent);
    }
    for (const document of resourcesOf(bundle, 'DocumentReference')) expect(allowed.documentStatus).toContain(document.status);
  });

  it('keeps labs as laboratory observations, appointments with their medications, documents without bytes', () => {
    const labs = resourcesOf(bundle, 'Observation').filter((observation) => observation.category?.[0]?.coding?.[0]?.code === 'laboratory');
    expect(labs.map((lab) => lab.valueQuantity ?? lab.valueString).sort()).toEqual([{ value: 95, unit: 'mg/dL' }, 'Negativo'].sort());
    const encounter = resourcesOf(bundle, 'Encounter').find((found) => found.reasonCode?.[0]?.text === 'Control')!;
    const encounterUrl = bundle.entry!.find((entry) => entry.resource === encounter)!.fullUrl;
    const statements = resourcesOf(bundle, 'MedicationStatement');
    expect(statements.map((statement) => [statement.medicationCodeableConcept!.text, statement.context!.reference])).toEqual([
      ['Paracetamol 1 g', encounterUrl],
      ['Salbutamol', encounterUrl],
    ]);
    expect(encounter.period!.start).toMatch(/^2026-06-15T10:00:00/);
    expect(encounter.period!.end).toMatch(/^2026-06-15T10:30:00/);
    const [document] = resourcesOf(bundle, 'DocumentReference');
    expect(document!.content[0]!.attachment).toMatchObject({ contentType: 'application/pdf', title: 'informe de análisis.pdf', size: samplePdf.length });
    expect(document!.content[0]!.attachment.data).toBeUndefined();
    expect(resourcesOf(bundle, 'RelatedPerson')).toHaveLength(2);
  });

  it("codes each of a note's diagnoses in ICD-10 as an encounter-diagnosis Condition that its Encounter lists", () => {
    const urlOf = (resource: object) => bundle.entry!.find((entry) => entry.resource === resource)!.fullUrl!;
    const patientUrl = urlOf(resourcesOf(bundle, 'Patient')[0]!);
    const encounter = resourcesOf(bundle, 'Encounter').find((found) => found.reasonCode?.[0]?.text === 'Control')!;
    const diagnoses = encounterDiagnosesOf(bundle);
    expect(diagnoses.map((condition) => condition.code)).toEqual([
      { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'J45.9', display: testDiagnosisName('J45.9') }], text: testDiagnosisName('J45.9') },
      { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'I10', display: testDiagnosisName('I10') }], text: testDiagnosisName('I10') },
    ]);
    for (const condition of diagnoses) {
      expect(condition.subject).toEqual({ reference: patientUrl });
      expect(condition.encounter).toEqual({ reference: urlOf(encounter) });
      expect(condition.recordedDate).toMatch(/^2026-06-15T10:00:00([+-]\d{2}:\d{2}|Z)$/);
      expect(condition.category).toEqual([{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'encounter-diagnosis', display: 'Encounter Diagnosis' }] }]);
    }
    expect(encounter.diagnosis).toEqual(diagnoses.map((condition) => ({ condition: { reference: urlOf(condition) } })));
    // The pathological records stay Conditions of the problem list beside them.
    expect(resourcesOf(bundle, 'Condition').filter((condition) => condition.category?.[0]?.coding?.[0]?.code === 'problem-list-item')).toHaveLength(4);
  });

  it("keeps each part of the consultation note (NOM-004) where FHIR holds it, about the note's Encounter", () => {
    const urlOf = (resource: object) => bundle.entry!.find((entry) => entry.resource === resource)!.fullUrl!;
    const encounter = resourcesOf(bundle, 'Encounter').find((found) => found.reasonCode?.[0]?.text === 'Control')!;
    const about = { reference: urlOf(encounter) };
    const [impression, ...otherImpressions] = resourcesOf(bundle, 'ClinicalImpression');
    expect(otherImpressions).toEqual([]); // the 17:00 appointment has no note
    expect(impression).toMatchObject({ encounter: about, description: 'Tos seca de tres días', summary: 'Bien', prognosisCodeableConcept: [{ text: 'Bueno' }] });
    expect(impression!.note).toEqual([
      { time: expect.stringMatching(/^2026-06-15T10:30:00([+-]\d{2}:\d{2}|Z)$/), authorString: 'Marta Solís', text: 'Se aclara: sin fiebre en la exploración.' },
    ]);
    const examinations = resourcesOf(bundle, 'Observation').filter((observation) => observation.code.coding?.[0]?.code === '29545-1');
    expect(examinations).toEqual([expect.objectContaining({ encounter: about, valueString: 'Sibilancias espiratorias', status: 'preliminary' })]);
    expect(resourcesOf(bundle, 'CarePlan')).toEqual([
      expect.objectContaining({ encounter: about, intent: 'plan', status: 'active', description: 'Salbutamol a demanda; control en un mes' }),
    ]);
  });

  it('orders each prescribed item as a MedicationRequest of the Encounter, grouped by the number, cancelled once voided', () => {
    const urlOf = (resource: object) => bundle.entry!.find((entry) => entry.resource === resource)!.fullUrl!;
    const encounter = resourcesOf(bundle, 'Encounter').find((found) => found.reasonCode?.[0]?.text === 'Control')!;
    const patientUrl = urlOf(resourcesOf(bundle, 'Patient')[0]!);
    const requests = resourcesOf(bundle, 'MedicationRequest');
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request).toMatchObject({ intent: 'order', subject: { reference: patientUrl }, encounter: { reference: urlOf(encounter) } });
      expect(request.authoredOn).toMatch(/^2026-06-15T10:30:00([+-]\d{2}:\d{2}|Z)$/);
      expect(request.requester).toBeUndefined();
    }
    const [amoxicilina, salbutamol, ibuprofeno] = requests;
    expect(amoxicilina).toMatchObject({
      status: 'active',
      groupIdentifier: { value: expect.stringMatching(/^2026-\d{6}$/) },
      medicationCodeableConcept: { text: 'Amoxicilina 500 mg, cápsulas' },
      dosageInstruction: [{ text: '1 cápsula, cada 8 horas, 7 días. Con alimentos. Caja con 21 — 1 caja', route: { text: 'vía oral' } }],
      note: [{ text: 'Volver si hay fiebre' }],
    });
    expect(salbutamol).toMatchObject({ status: 'active', groupIdentifier: amoxicilina!.groupIdentifier, medicationCodeableConcept: { text: 'Salbutamol' } });
    expect(salbutamol!.dosageInstruction).toBeUndefined();
    expect(ibuprofeno).toMatchObject({
      status: 'cancelled',
      statusReason: { text: 'Dosis equivocada' },
      medicationCodeableConcept: { text: 'Ibuprofeno 600 mg' },
      note: [{ text: 'Dosis equivocada', time: expect.stringMatching(/^2026-06-15T10:30:00/) }],
    });
    expect(ibuprofeno!.groupIdentifier!.value).not.toBe(amoxicilina!.groupIdentifier!.value);
  });

  it('adds no Condition and no Encounter.diagnosis for a note without diagnoses', () => {
    const encounter = resourcesOf(bundle, 'Encounter').find((found) => found.reasonCode?.[0]?.text === 'Revisión')!;
    expect(encounter).toBeDefined();
    expect(encounter.diagnosis).toBeUndefined();
    expect(encounterDiagnosesOf(bundle)).toHaveLength(2);
  });

  it('keeps each line of the family history as a FamilyMemberHistory of the patient, the relative as text', () => {
    const patientUrl = bundle.entry!.find((entry) => entry.resource!.resourceType === 'Patient')!.fullUrl;
    const histories = resourcesOf(bundle, 'FamilyMemberHistory');
    expect(histories.map((history) => [history.status, history.patient.reference, history.relationship, history.condition])).toEqual(
      expect.arrayContaining([
        ['partial', patientUrl, { text: 'Madre' }, [{ code: { text: 'Diabetes tipo 2' }, note: [{ text: 'Desde los 50 años' }] }]],
        ['partial', patientUrl, { text: 'Abuelo paterno' }, [{ code: { text: 'Infarto de miocardio' } }]],
      ]),
    );
    expect(histories).toHaveLength(2);
  });

  it('gives the same fullUrls on every export of the same record', async () => {
    const again = await exportOf(medic, idPatient);
    expect(again.entry!.map((entry) => entry.fullUrl)).toEqual(bundle.entry!.map((entry) => entry.fullUrl));
  });
});

describe('the FHIR export of diagnoses written before the catalog', () => {
  it('codes the ones the catalog holds in ICD-10, and keeps any other as the text it was written as', async () => {
    const { medic, idPatient } = await linkedPair();
    const created = await call('POST', '/clinical-history', medic, { idPatient, date: '2026-06-10T09:00', motive: 'Control' });
    expect(created.statusCode, created.body).toBe(201);
    // As a row from before migration 0011 holds them: codes as typed, no names of their own.
    await rawRun(app.deps.db, `update clinical_histories set diagnosis_ids = '["I10","asma leve","asma leve"]', diagnoses = '[]' where id = ?`, [
      created.json<{ idHistory: number }>().idHistory,
    ]);
    const bundle = await exportOf(medic, idPatient);
    expectValid(bundle);
    expect(encounterDiagnosesOf(bundle).map((condition) => condition.code)).toEqual([
      { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'I10', display: testDiagnosisName('I10') }], text: testDiagnosisName('I10') },
      { text: 'asma leve' },
    ]);
    expect(resourcesOf(bundle, 'Encounter')[0]!.diagnosis).toHaveLength(2);
  });
});

describe('the FHIR export of an appointment whose only note is an addendum', () => {
  it('gives it a ClinicalImpression that holds the addenda as notes, in the order written, and stays valid', async () => {
    const { medic, idPatient } = await linkedPair();
    const created = await call('POST', '/clinical-history', medic, { idPatient, date: '2026-06-01T09:00', motive: 'Control' });
    const { idHistory } = created.json<{ idHistory: number }>();
    for (const text of ['Primera aclaración', 'Segunda aclaración']) {
      const added = await call('POST', `/clinical-history/${idHistory}/addenda`, medic, { text });
      expect(added.statusCode, added.body).toBe(201);
    }
    const bundle = await exportOf(medic, idPatient);
    expectValid(bundle);
    const [impression] = resourcesOf(bundle, 'ClinicalImpression');
    expect(impression!.description).toBeUndefined();
    expect(impression!.note!.map((note) => [note.text, note.authorString])).toEqual([
      ['Primera aclaración', `${medic.user.name} ${medic.user.lname}`],
      ['Segunda aclaración', `${medic.user.name} ${medic.user.lname}`],
    ]);
  });
});

describe('the FHIR export of an empty record', () => {
  it('is the patient alone, and valid, without a birth date or gender the record does not know', async () => {
    const { medic, idPatient } = await linkedPair();
    const bundle = await exportOf(medic, idPatient);
    expectValid(bundle);
    expect(bundle.entry!.map((entry) => entry.resource!.resourceType)).toEqual(['Patient']);
    const [patient] = resourcesOf(bundle, 'Patient');
    expect(patient!.gender).toBeUndefined();
    expect(patient!.birthDate).toBeUndefined();
  });
});

describe('the checks themselves', () => {
  it('are not vacuous: a resource missing what FHIR requires, or a dangling reference, is caught', () => {
    expect(validationErrors({ resourceType: 'Observation', status: 'final' } as Observation)).not.toEqual([]);
    const dangling: Bundle = { resourceType: 'Bundle', type: 'collection', entry: [{ fullUrl: 'urn:uuid:1', resource: { resourceType: 'Observation', status: 'final', code: { text: 'x' }, subject: { reference: 'urn:uuid:2' } } }] };
    expect(unresolvedReferences(dangling)).toEqual(['urn:uuid:2']);
  });
});
