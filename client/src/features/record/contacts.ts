// Emergency contacts (SPEC §3): the name is required; email and phone inputs have their own types.
import { contactFields, type Contact } from '../../../../shared/record';
import { contactView } from '../../lib/item-views';
import type { CollectionConfig } from './collection-config';

export const contactsConfig: CollectionConfig<Contact> = {
  key: 'contacts',
  ...contactView,
  fields: [
    { name: 'name', label: 'contacts.name', required: true },
    { name: 'relationship', label: 'contacts.relationship' },
    { name: 'phone', label: 'contacts.phone', kind: 'tel' },
    { name: 'email', label: 'contacts.email', kind: 'email' },
    { name: 'address', label: 'contacts.address', wide: true },
  ],
  schema: contactFields,
  add: (client, idPatient, values) => client.patients.contacts.add.mutate({ idPatient, ...(values as { name: string }) }),
  update: (client, idPatient, itemId, values) => client.patients.contacts.update.mutate({ idPatient, itemId, ...values }),
  remove: (client, idPatient, itemId) => client.patients.contacts.remove.mutate({ idPatient, itemId }),
};
