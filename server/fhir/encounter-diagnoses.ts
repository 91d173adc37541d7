// An appointment's diagnoses as Conditions of category "encounter-diagnosis", each about the
// Encounter that lists it in Encounter.diagnosis. A diagnosis of the catalog (CIE-10, the WHO's
// ICD-10 with its Spanish names) is coded in ICD-10's system with the name the note stored. A value
// written before the catalog that the catalog does not hold is named by its own text (columns.ts,
// diagnosesOfHistory) and is kept as text only: coding it would claim a system the record never named.
// No recorder: the bundle has no Practitioner to point at.
import type { Condition, Encounter, Reference } from '@medplum/fhirtypes';
import type { Diagnosis } from '../../shared/catalog';
import type { ClinicalHistory } from '../../shared/record';
import { fhirDateTime } from './dates';
import { entryOf, present, type ExportScope } from './entry';

export const ICD_10 = 'http://hl7.org/fhir/sid/icd-10';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';

/** Named from the catalog; an uncatalogued value answers its own text as its name. */
const isCatalogued = (diagnosis: Diagnosis) => diagnosis.name !== diagnosis.code;

function conditionOf(scope: ExportScope, appointment: ClinicalHistory, encounter: Reference<Encounter>, code: string, name: string): Condition {
  return {
    resourceType: 'Condition',
    category: [{ coding: [{ system: CATEGORY, code: 'encounter-diagnosis', display: 'Encounter Diagnosis' }] }],
    code: isCatalogued({ code, name }) ? { coding: [{ system: ICD_10, code, display: name }], text: name } : { text: name },
    subject: scope.patient,
    encounter,
    recordedDate: fhirDateTime(appointment.date),
  };
}

/**
 * The Conditions of the appointment's diagnoses, in the note's order, and Encounter.diagnosis
 * pointing at them. One per code: a value stored twice before the catalog is one diagnosis. Each
 * fullUrl is made from the appointment and the code, so a diagnosis keeps its uuid when others
 * around it are added or removed.
 */
export function encounterDiagnoses(scope: ExportScope, appointment: ClinicalHistory, encounter: Reference<Encounter>) {
  const seen = new Set<string>();
  const entries = appointment.diagnoses.flatMap((diagnosis) => {
    const code = present(diagnosis.code);
    if (!code || seen.has(code)) return [];
    seen.add(code);
    const name = present(diagnosis.name) ?? code;
    return [entryOf(scope.fullUrl('encounter-diagnosis', `${appointment.idHistory}/${code}`), conditionOf(scope, appointment, encounter, code, name))];
  });
  const diagnosis: Encounter['diagnosis'] = entries.map((entry) => ({ condition: { reference: entry.fullUrl } }));
  return { entries, diagnosis };
}
