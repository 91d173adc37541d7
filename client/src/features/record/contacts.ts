// Emergency contacts (SPEC §3): the name is required; email and phone inputs have their own types.
import { contactFields, type Contact } from '../../../../shared/record';
import type { CollectionConfig } from './collection-config';

export const contactsConfig: CollectionConfig<Contact> = {
  key: 'contacts',
  idOf: (item) => item.idContact,
  nameOf: (item) => item.name,
  factsOf: (item, _format, t) => [
    { label: t('contacts.relationship'), value: item.relationship ?? '' },
    { label: t('contacts.phone'), value: item.phone ?? '' },
    { label: t('contacts.email'), value: item.email ?? '' },
    { label: t('contacts.address'), value: item.address ?? '' },
  ],
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
