// Family history (antecedentes heredo-familiares, NOM-004 6.1.1): which relative had which
// condition, both required; notes are free text.
import { familyHistoryFields, type FamilyHistory } from '../../../../shared/record';
import { familyHistoryView } from '../../lib/item-views';
import type { CollectionConfig } from './collection-config';

export const familyHistoryConfig: CollectionConfig<FamilyHistory> = {
  key: 'familyHistory',
  ...familyHistoryView,
  fields: [
    { name: 'relative', label: 'familyHistory.relative', required: true },
    { name: 'condition', label: 'familyHistory.condition', required: true },
    { name: 'notes', label: 'familyHistory.notes', kind: 'textarea', wide: true },
  ],
  schema: familyHistoryFields,
  add: (client, idPatient, values) =>
    client.patients.familyHistory.add.mutate({ idPatient, ...(values as { relative: string; condition: string }) }),
  update: (client, idPatient, itemId, values) => client.patients.familyHistory.update.mutate({ idPatient, itemId, ...values }),
  remove: (client, idPatient, itemId) => client.patients.familyHistory.remove.mutate({ idPatient, itemId }),
};
