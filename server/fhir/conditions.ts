// Condition: the pathological records. "Chronic" is an active condition in FHIR's terms (the
// clinical status says whether it is present, not for how long); "Resolved" is resolved. A record
// without a status gets none rather than an invented one.
import type { Condition } from '@medplum/fhirtypes';
import type { PathologicalRecord } from '../../shared/record';
import { fhirDateTime } from './dates';
import { entryOf, present, type ExportScope } from './entry';

const CLINICAL_STATUS = 'http://terminology.hl7.org/CodeSystem/condition-clinical';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/condition-category';

export const CLINICAL_STATUS_OF_RECORD = { Active: 'active', Chronic: 'active', Resolved: 'resolved' } as const;

export function conditionEntry(scope: ExportScope, record: PathologicalRecord) {
  const notes = present(record.notes);
  const resource: Condition = {
    resourceType: 'Condition',
    ...(record.status ? { clinicalStatus: { coding: [{ system: CLINICAL_STATUS, code: CLINICAL_STATUS_OF_RECORD[record.status] }], text: record.status } } : {}),
    category: [{ coding: [{ system: CATEGORY, code: 'problem-list-item', display: 'Problem List Item' }] }],
    code: { text: record.condition },
    subject: scope.patient,
    ...(record.diagnosisDate ? { onsetDateTime: fhirDateTime(record.diagnosisDate) } : {}),
    ...(notes ? { note: [{ text: notes }] } : {}),
  };
  return entryOf(scope.fullUrl('condition', record.idRecord), resource);
}
