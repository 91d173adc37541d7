// Vaccinations (SPEC §3): name and date are required.
import { vaccineFields, type Vaccine } from '../../../../shared/record';
import { vaccineView } from '../../lib/item-views';
import type { CollectionConfig } from './collection-config';

export const vaccinesConfig: CollectionConfig<Vaccine> = {
  key: 'vaccines',
  ...vaccineView,
  fields: [
    { name: 'vaccineName', label: 'vaccines.name', required: true },
    { name: 'date', label: 'vaccines.date', kind: 'date', required: true },
    { name: 'dose', label: 'vaccines.dose' },
    { name: 'manufacturer', label: 'vaccines.manufacturer' },
    { name: 'nextDose', label: 'vaccines.nextDose', kind: 'date' },
  ],
  schema: vaccineFields,
  add: (client, idPatient, values) => client.patients.vaccines.add.mutate({ idPatient, ...(values as { vaccineName: string; date: string }) }),
  update: (client, idPatient, itemId, values) => client.patients.vaccines.update.mutate({ idPatient, itemId, ...values }),
  remove: (client, idPatient, itemId) => client.patients.vaccines.remove.mutate({ idPatient, itemId }),
};
