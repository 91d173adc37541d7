// Vaccinations (SPEC §3): name and date are required.
import { vaccineFields, type Vaccine } from '../../../../shared/record';
import type { CollectionConfig } from './collection-config';

export const vaccinesConfig: CollectionConfig<Vaccine> = {
  key: 'vaccines',
  idOf: (item) => item.idVaccine,
  nameOf: (item) => item.vaccineName,
  factsOf: (item, format, t) => [
    { label: t('vaccines.date'), value: format.date(item.date) },
    { label: t('vaccines.dose'), value: item.dose ?? '' },
    { label: t('vaccines.manufacturer'), value: item.manufacturer ?? '' },
    { label: t('vaccines.nextDose'), value: format.date(item.nextDose) },
  ],
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
