// Vital signs (SPEC §3, §1 units): the date is required; respiratory rate is in the add and the
// edit form alike, so a value typed once can also be corrected.
import { vitalFields, type Vital } from '../../../../shared/record';
import { vitalView } from '../../lib/item-views';
import type { CollectionConfig } from './collection-config';

export const vitalsConfig: CollectionConfig<Vital> = {
  key: 'vitals',
  ...vitalView,
  fields: [
    { name: 'date', label: 'vitals.date', kind: 'date', required: true },
    { name: 'systolic', label: 'vitals.systolic', kind: 'number', unit: 'mmHg', step: '1', min: '40', max: '300' },
    { name: 'diastolic', label: 'vitals.diastolic', kind: 'number', unit: 'mmHg', step: '1', min: '20', max: '200' },
    { name: 'heartRate', label: 'vitals.heartRate', kind: 'number', unit: 'bpm', step: '1', min: '20', max: '300' },
    { name: 'temperature', label: 'vitals.temperature', kind: 'number', unit: '°C', step: '0.1', min: '25', max: '45' },
    { name: 'oxygenSaturation', label: 'vitals.oxygenSaturation', kind: 'number', unit: '%', step: '1', min: '0', max: '100' },
    { name: 'respiratoryRate', label: 'vitals.respiratoryRate', kind: 'number', unit: 'units.breathsPerMin', step: '1', min: '4', max: '80' },
    { name: 'weight', label: 'vitals.weight', kind: 'number', unit: 'kg', step: '0.1', min: '0.2', max: '500' },
  ],
  schema: vitalFields,
  paged: true,
  add: (client, idPatient, values) => client.patients.vitals.add.mutate({ idPatient, ...(values as { date: string }) }),
  update: (client, idPatient, itemId, values) => client.patients.vitals.update.mutate({ idPatient, itemId, ...values }),
  remove: (client, idPatient, itemId) => client.patients.vitals.remove.mutate({ idPatient, itemId }),
};
