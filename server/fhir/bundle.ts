// The whole record as one FHIR R4 Bundle of type "collection", built from the record with every
// appointment, vital sign and lab result (loadCompleteRecord: the record page loads the newest and
// pages the rest). Every reference points at another entry's fullUrl: the bundle stands on its own.
// `entry` is the bundle's last key: the REST download streams it (rest/streamed-json.ts).
import type { Bundle, BundleEntry } from '@medplum/fhirtypes';
import { localMoment } from '../../shared/dates';
import type { PatientRecord } from '../services/patient-record';
import { allergyEntry } from './allergies';
import { appointmentEntries } from './appointments';
import { conditionEntry } from './conditions';
import { contactEntry } from './contacts';
import { fhirInstant } from './dates';
import { documentEntry } from './documents';
import { familyHistoryEntry } from './family-history';
import { entryOf, uuidUrl, type ExportScope } from './entry';
import { uuidV5 } from './ids';
import { vaccineEntries } from './immunizations';
import { labEntry } from './labs';
import { toPatient } from './patient';
import { bodyMeasureEntries, vitalEntries } from './vitals';

/** `namespace` is the install's (ids.ts); `now` the moment of the export. */
export function buildPatientBundle(record: PatientRecord, namespace: string, now: Date): Bundle {
  const patientId = record.patient.idPatient;
  const fullUrl = (kind: string, rowId: number | string) => uuidUrl(uuidV5(namespace, `patient/${patientId}/${kind}/${rowId}`));
  const patientUrl = fullUrl('patient', patientId);
  const scope: ExportScope = { fullUrl, patient: { reference: patientUrl } };
  const nowMoment = localMoment(now);
  const entry: BundleEntry[] = [
    entryOf(patientUrl, toPatient(record, uuidUrl(namespace))),
    ...bodyMeasureEntries(scope, record.patient),
    ...record.allergies.map((allergy) => allergyEntry(scope, allergy)),
    ...record.pathologicalRecords.map((condition) => conditionEntry(scope, condition)),
    ...record.vitals.flatMap((vital) => vitalEntries(scope, vital)),
    ...record.labs.map((lab) => labEntry(scope, lab)),
    ...record.vaccines.flatMap((vaccine) => vaccineEntries(scope, vaccine)),
    ...record.history.flatMap((appointment) => appointmentEntries(scope, appointment, nowMoment)),
    ...record.contacts.map((contact) => contactEntry(scope, contact)),
    ...record.familyHistory.map((item) => familyHistoryEntry(scope, item)),
    ...record.files.map((file) => documentEntry(scope, file)),
  ];
  return { resourceType: 'Bundle', type: 'collection', timestamp: fhirInstant(now), entry };
}
