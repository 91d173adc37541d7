// RelatedPerson for each emergency contact. The relationship is free text in the record, so it
// travels as text rather than as a guessed code.
import type { RelatedPerson } from '@medplum/fhirtypes';
import type { Contact } from '../../shared/record';
import { entryOf, listOf, present, type ExportScope } from './entry';

const ROLE_CODE = 'http://terminology.hl7.org/CodeSystem/v2-0131';

export function contactEntry(scope: ExportScope, contact: Contact) {
  const relationship = present(contact.relationship);
  const phone = present(contact.phone);
  const email = present(contact.email);
  const address = present(contact.address);
  const resource: RelatedPerson = {
    resourceType: 'RelatedPerson',
    active: true,
    patient: scope.patient,
    // "C": emergency contact, HL7's contact role; what they are to the patient follows as text.
    relationship: listOf({ coding: [{ system: ROLE_CODE, code: 'C', display: 'Emergency Contact' }] }, relationship ? { text: relationship } : undefined),
    name: [{ text: contact.name }],
    telecom: listOf(phone ? { system: 'phone' as const, value: phone } : undefined, email ? { system: 'email' as const, value: email } : undefined),
    ...(address ? { address: [{ text: address }] } : {}),
  };
  return entryOf(scope.fullUrl('contact', contact.idContact), resource);
}
