// An appointment is an Encounter, its motive the reason; its diagnoses Conditions that the
// Encounter lists (encounter-diagnoses.ts); its note's parts resources about it (consultation-note.ts:
// R4's Encounter has no notes); each medication prescribed at it a MedicationStatement in its context. The record
// says what was prescribed at the visit, not whether the patient still takes it, hence status "unknown".
// Each item of a prescription issued at it is a MedicationRequest of the Encounter (medication-requests.ts).
import type { CarePlan, ClinicalImpression, Condition, Encounter, MedicationRequest, MedicationStatement, Observation } from '@medplum/fhirtypes';
import type { ClinicalHistory } from '../../shared/record';
import { consultationNoteEntries } from './consultation-note';
import { fhirDateTime } from './dates';
import { encounterDiagnoses } from './encounter-diagnoses';
import { entryOf, present, type ExportScope } from './entry';
import { medicationRequestEntries } from './medication-requests';

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

/** Closed is finished; an open one is planned until it starts, then in progress. */
export function encounterStatus(appointment: ClinicalHistory, nowMoment: string): Encounter['status'] {
  if (appointment.closed) return 'finished';
  return appointment.date > nowMoment ? 'planned' : 'in-progress';
}

/** `nowMoment` is the practice-local moment of the export (YYYY-MM-DDTHH:mm), to compare with appointments'. */
export function appointmentEntries(scope: ExportScope, appointment: ClinicalHistory, nowMoment: string) {
  const encounterUrl = scope.fullUrl('encounter', appointment.idHistory);
  const start = fhirDateTime(appointment.date);
  const end = appointment.end ? fhirDateTime(`${appointment.date.slice(0, 10)}T${appointment.end}`) : undefined;
  const encounterRef = { reference: encounterUrl };
  const diagnoses = encounterDiagnoses(scope, appointment, encounterRef);
  const encounter: Encounter = {
    resourceType: 'Encounter',
    status: encounterStatus(appointment, nowMoment),
    class: { system: ACT_CODE, code: 'AMB', display: 'ambulatory' },
    subject: scope.patient,
    period: { start, ...(end ? { end } : {}) },
    reasonCode: [{ text: appointment.motive }],
    ...(diagnoses.diagnosis.length ? { diagnosis: diagnoses.diagnosis } : {}),
  };
  type AppointmentResource = Encounter | Condition | ClinicalImpression | Observation | CarePlan | MedicationStatement | MedicationRequest;
  const entries: ReturnType<typeof entryOf<AppointmentResource>>[] = [
    entryOf(encounterUrl, encounter),
    ...diagnoses.entries,
    ...consultationNoteEntries(scope, appointment, encounterRef, start),
    ...appointment.prescriptions.flatMap((prescription) => medicationRequestEntries(scope, prescription, encounterRef)),
  ];
  appointment.medications.forEach((medication, index) => {
    const name = present(medication);
    if (!name) return;
    const statement: MedicationStatement = {
      resourceType: 'MedicationStatement',
      status: 'unknown',
      medicationCodeableConcept: { text: name },
      subject: scope.patient,
      context: encounterRef,
      effectiveDateTime: start,
    };
    entries.push(entryOf(scope.fullUrl('medication', `${appointment.idHistory}/${index}`), statement));
  });
  return entries;
}
