// Immunization for each vaccine given, and an ImmunizationRecommendation for its next dose when the
// record names one (FHIR's Immunization has no field for a future dose).
import type { Immunization, ImmunizationRecommendation } from '@medplum/fhirtypes';
import type { Vaccine } from '../../shared/record';
import { fhirDateTime } from './dates';
import { entryOf, present, type ExportScope } from './entry';
import { LOINC } from './vitals';

const RECOMMENDATION_STATUS = 'http://terminology.hl7.org/CodeSystem/immunization-recommendation-status';

export function vaccineEntries(scope: ExportScope, vaccine: Vaccine) {
  const dose = present(vaccine.dose);
  const manufacturer = present(vaccine.manufacturer);
  const immunizationUrl = scope.fullUrl('immunization', vaccine.idVaccine);
  const immunization: Immunization = {
    resourceType: 'Immunization',
    status: 'completed',
    vaccineCode: { text: vaccine.vaccineName },
    patient: scope.patient,
    occurrenceDateTime: fhirDateTime(vaccine.date),
    // A name, not an Organization the bundle would have to hold.
    ...(manufacturer ? { manufacturer: { display: manufacturer } } : {}),
    ...(dose ? { protocolApplied: [{ doseNumberString: dose }] } : {}),
  };
  const entries = [entryOf(immunizationUrl, immunization)];
  if (!vaccine.nextDose) return entries;
  const recommendation: ImmunizationRecommendation = {
    resourceType: 'ImmunizationRecommendation',
    patient: scope.patient,
    date: fhirDateTime(vaccine.date),
    recommendation: [
      {
        vaccineCode: [{ text: vaccine.vaccineName }],
        forecastStatus: { coding: [{ system: RECOMMENDATION_STATUS, code: 'due', display: 'Due' }] },
        dateCriterion: [{ code: { coding: [{ system: LOINC, code: '30980-7', display: 'Date vaccine due' }] }, value: fhirDateTime(vaccine.nextDose) }],
        supportingImmunization: [{ reference: immunizationUrl }],
      },
    ],
  };
  return [...entries, entryOf(scope.fullUrl('immunization-recommendation', vaccine.idVaccine), recommendation)];
}
