// Emergency contacts.
import { useTranslation } from 'react-i18next';
import type { PatientSelf } from './types';

type Contact = PatientSelf['contacts'][number];

export function ContactList({ contacts }: { contacts: Contact[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <ul className="item-list" aria-label={t('health.contacts')}>
      {contacts.map((contact) => (
        <li key={contact.idContact} className="item-list__item">
          <div className="item-list__main">
            <p className="item-list__title">
              {contact.name}
              {contact.relationship && <span className="item-list__aside"> · {contact.relationship}</span>}
            </p>
            <p className="item-list__meta item-list__meta--row">
              {contact.phone && <a href={`tel:${contact.phone}`}>{contact.phone}</a>}
              {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
              {contact.address && <span>{contact.address}</span>}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
