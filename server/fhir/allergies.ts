// AllergyIntolerance: what the patient reacts to, how dangerous (criticality, from the record's
// severity) and how (the reaction). The record's free-text "type" is kept as a note, not guessed
// into FHIR's allergy/intolerance or category codes.
import type { AllergyIntolerance, AllergyIntoleranceReaction } from '@medplum/fhirtypes';
import type { Allergy } from '../../shared/record';
import { entryOf, listOf, present, type ExportScope } from './entry';

const CLINICAL_STATUS = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';

/** Criticality is the potential for harm: only a severe reaction is "high". */
export const CRITICALITY_OF_SEVERITY = { Mild: 'low', Moderate: 'low', Severe: 'high' } as const;
const REACTION_SEVERITY = { Mild: 'mild', Moderate: 'moderate', Severe: 'severe' } as const;

export function allergyEntry(scope: ExportScope, allergy: Allergy) {
  const reactionText = present(allergy.reaction);
  const reaction: AllergyIntoleranceReaction | undefined = reactionText
    ? { manifestation: [{ text: reactionText }], ...(allergy.severity ? { severity: REACTION_SEVERITY[allergy.severity] } : {}) }
    : undefined;
  const type = present(allergy.type);
  const resource: AllergyIntolerance = {
    resourceType: 'AllergyIntolerance',
    // The record lists allergies the patient has now; it keeps no resolved ones.
    clinicalStatus: { coding: [{ system: CLINICAL_STATUS, code: 'active' }] },
    code: { text: allergy.allergyName },
    patient: scope.patient,
    ...(allergy.severity ? { criticality: CRITICALITY_OF_SEVERITY[allergy.severity] } : {}),
    ...(reaction ? { reaction: [reaction] } : {}),
    ...(type ? { note: listOf({ text: type }) } : {}),
  };
  return entryOf(scope.fullUrl('allergy', allergy.idPatientAllergy), resource);
}
