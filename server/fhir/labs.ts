// Lab results as Observations of category laboratory. The record keeps the test's name and unit as
// typed, not as LOINC or UCUM codes, so they travel as text: a number with a unit is a quantity
// whose unit is only displayed, anything else a string.
import type { Observation } from '@medplum/fhirtypes';
import type { Lab } from '../../shared/record';
import { fhirDateTime } from './dates';
import { entryOf, present, type ExportScope } from './entry';
import { OBSERVATION_CATEGORY } from './vitals';

const NUMBER = /^-?\d+(\.\d+)?$/;

function valueOf(lab: Lab): Pick<Observation, 'valueQuantity' | 'valueString'> {
  const value = present(lab.value);
  if (!value) return {};
  const unit = present(lab.unit);
  if (NUMBER.test(value)) return { valueQuantity: { value: Number(value), ...(unit ? { unit } : {}) } };
  return { valueString: unit ? `${value} ${unit}` : value };
}

export function labEntry(scope: ExportScope, lab: Lab) {
  const range = present(lab.referenceRange);
  const comment = present(lab.comment);
  const resource: Observation = {
    resourceType: 'Observation',
    status: 'final',
    category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }],
    // A result may have a value without the test's name (the record allows it); FHIR needs a code.
    code: { text: present(lab.testName) ?? 'Laboratory test' },
    subject: scope.patient,
    effectiveDateTime: fhirDateTime(lab.date),
    ...valueOf(lab),
    ...(range ? { referenceRange: [{ text: range }] } : {}),
    ...(comment ? { note: [{ text: comment }] } : {}),
  };
  return entryOf(scope.fullUrl('lab', lab.idLabs), resource);
}
