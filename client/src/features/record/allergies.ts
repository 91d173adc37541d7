// Allergies (SPEC §3): the name is required; severity is sent in English and shown translated.
import { ALLERGY_SEVERITIES } from '../../../../shared/constants';
import { allergyFields, type Allergy } from '../../../../shared/record';
import type { CollectionConfig } from './collection-config';

const severityTone = { Mild: 'mild', Moderate: 'moderate', Severe: 'severe' } as const;

export const allergiesConfig: CollectionConfig<Allergy> = {
  key: 'allergies',
  idOf: (item) => item.idPatientAllergy,
  nameOf: (item) => item.allergyName,
  tagOf: (item, t) => (item.severity ? { text: t(`severity.${item.severity}`), tone: severityTone[item.severity] } : null),
  factsOf: (item, _format, t) => [
    { label: t('allergies.type'), value: item.type ?? '' },
    { label: t('allergies.reaction'), value: item.reaction ?? '' },
  ],
  fields: [
    { name: 'allergyName', label: 'allergies.name', required: true },
    { name: 'severity', label: 'allergies.severity', kind: 'select', options: ALLERGY_SEVERITIES.map((value) => ({ value, label: `severity.${value}` })) },
    { name: 'type', label: 'allergies.type' },
    { name: 'reaction', label: 'allergies.reaction' },
  ],
  schema: allergyFields,
  add: (client, idPatient, values) => client.patients.allergies.add.mutate({ idPatient, ...(values as { allergyName: string }) }),
  update: (client, idPatient, itemId, values) => client.patients.allergies.update.mutate({ idPatient, itemId, ...values }),
  remove: (client, idPatient, itemId) => client.patients.allergies.remove.mutate({ idPatient, itemId }),
};
