// Pathological records (SPEC §3): the condition is required; status is Active, Resolved or Chronic.
import { RECORD_STATUSES } from '../../../../shared/constants';
import { pathologicalRecordFields, type PathologicalRecord } from '../../../../shared/record';
import { pathologicalRecordView } from '../../lib/item-views';
import type { CollectionConfig } from './collection-config';

export const pathologicalRecordsConfig: CollectionConfig<PathologicalRecord> = {
  key: 'records',
  ...pathologicalRecordView,
  fields: [
    { name: 'condition', label: 'records.condition', required: true },
    { name: 'diagnosisDate', label: 'records.diagnosisDate', kind: 'date' },
    { name: 'status', label: 'records.status', kind: 'select', options: RECORD_STATUSES.map((value) => ({ value, label: `status.${value}` })) },
    { name: 'notes', label: 'records.notes', kind: 'textarea' },
  ],
  schema: pathologicalRecordFields,
  add: (client, idPatient, values) => client.patients.pathologicalRecords.add.mutate({ idPatient, ...(values as { condition: string }) }),
  update: (client, idPatient, itemId, values) => client.patients.pathologicalRecords.update.mutate({ idPatient, itemId, ...values }),
  remove: (client, idPatient, itemId) => client.patients.pathologicalRecords.remove.mutate({ idPatient, itemId }),
};
