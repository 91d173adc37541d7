// The consultation note of an appointment (NOM-004-SSA3-2012 6.2), each part where FHIR R4 keeps
// it, about the Encounter: the ClinicalImpression holds the history of the present illness
// (`description`), the free notes (`summary`) and the prognosis; the physical examination is an
// Observation coded as LOINC's "Physical findings" narrative; the plan (treatment and indications)
// is a CarePlan of the encounter. A part left empty adds nothing. Addenda, written after the fact and
// never altering the note, are the impression's notes (Annotations with their moment and author), in
// the order written: an appointment with only addenda still has its impression to hold them.
import type { Annotation, CarePlan, ClinicalImpression, Encounter, Observation, Reference } from '@medplum/fhirtypes';
import type { ClinicalHistory } from '../../shared/record';
import { fhirDateTime } from './dates';
import { entryOf, present, type ExportScope } from './entry';
import { LOINC } from './vitals';

const PHYSICAL_FINDINGS = { system: LOINC, code: '29545-1', display: 'Physical findings Narrative' };

type NoteResource = ClinicalImpression | Observation | CarePlan;

export function consultationNoteEntries(scope: ExportScope, appointment: ClinicalHistory, encounter: Reference<Encounter>, start: string) {
  const subjective = present(appointment.subjective);
  const notes = present(appointment.notes);
  const prognosis = present(appointment.prognosis);
  const exploration = present(appointment.exploration);
  const plan = present(appointment.plan);
  const addenda = appointment.addenda.map(
    (addendum): Annotation => ({ time: fhirDateTime(addendum.at), authorString: `${addendum.medic.name} ${addendum.medic.lname}`, text: addendum.text }),
  );
  const entries: ReturnType<typeof entryOf<NoteResource>>[] = [];

  if (subjective || notes || prognosis || addenda.length) {
    const impression: ClinicalImpression = {
      resourceType: 'ClinicalImpression',
      status: appointment.closed ? 'completed' : 'in-progress',
      subject: scope.patient,
      encounter,
      effectiveDateTime: start,
      ...(subjective ? { description: subjective } : {}),
      ...(notes ? { summary: notes } : {}),
      ...(prognosis ? { prognosisCodeableConcept: [{ text: prognosis }] } : {}),
      ...(addenda.length ? { note: addenda } : {}),
    };
    entries.push(entryOf(scope.fullUrl('encounter-notes', appointment.idHistory), impression));
  }
  if (exploration) {
    const examination: Observation = {
      resourceType: 'Observation',
      status: appointment.closed ? 'final' : 'preliminary',
      code: { coding: [PHYSICAL_FINDINGS], text: PHYSICAL_FINDINGS.display },
      subject: scope.patient,
      encounter,
      effectiveDateTime: start,
      valueString: exploration,
    };
    entries.push(entryOf(scope.fullUrl('encounter-exploration', appointment.idHistory), examination));
  }
  if (plan) {
    const carePlan: CarePlan = {
      resourceType: 'CarePlan',
      status: appointment.closed ? 'completed' : 'active',
      intent: 'plan',
      subject: scope.patient,
      encounter,
      created: start,
      description: plan,
    };
    entries.push(entryOf(scope.fullUrl('encounter-plan', appointment.idHistory), carePlan));
  }
  return entries;
}
