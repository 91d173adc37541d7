// Allergies (SPEC §3): the name is required; severity is sent in English and shown translated.
import { ALLERGY_SEVERITIES } from '../../../../shared/constants';
import { allergyFields, type Allergy } from '../../../../shared/record';
import { allergyView } from '../../lib/item-views';
import type { CollectionConfig } from './collection-config';

export const allergiesConfig: CollectionConfig<Allergy> = {
  key: 'allergies',
  ...allergyView,
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
