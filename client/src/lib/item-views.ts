// How each kind of record item reads, once for the whole client: its name, a coloured tag and its
// labelled lines. The medic's record (editable, or read-only in an emergency) and the patient's own
// lists draw items with these, so an allergy reads the same to both. `t` reads the record namespace.
import type { TFunction } from 'i18next';
import type { Allergy, Contact, FamilyHistory, Lab, PathologicalRecord, Vaccine, Vital } from '../../../shared/record';
import { labLabel } from './lab-label';
import { vitalFacts, type ItemFact } from './item-facts';
import type { Formatters } from './use-formatters';

/** A short coloured tag beside an item's name; `label` says what it is to a screen reader. */
export interface ItemTag {
  label: string;
  text: string;
  /** Its class in styles/tags.css: tag--<tone>. */
  tone: string;
}

export interface ItemView<Item> {
  idOf: (item: Item) => number;
  nameOf: (item: Item, format: Formatters, t: TFunction) => string;
  tagOf?: (item: Item, t: TFunction) => ItemTag | null;
  /** The lines under the name; empty values are left out. */
  factsOf: (item: Item, format: Formatters, t: TFunction) => ItemFact[];
}

export const allergyView: ItemView<Allergy> = {
  idOf: (item) => item.idPatientAllergy,
  nameOf: (item) => item.allergyName,
  tagOf: (item, t) =>
    item.severity ? { label: t('allergies.severity'), text: t(`severity.${item.severity}`), tone: `severity-${item.severity.toLowerCase()}` } : null,
  factsOf: (item, _format, t) => [
    { label: t('allergies.type'), value: item.type ?? '' },
    { label: t('allergies.reaction'), value: item.reaction ?? '' },
  ],
};

export const pathologicalRecordView: ItemView<PathologicalRecord> = {
  idOf: (item) => item.idRecord,
  nameOf: (item) => item.condition,
  tagOf: (item, t) => (item.status ? { label: t('records.status'), text: t(`status.${item.status}`), tone: `status-${item.status.toLowerCase()}` } : null),
  factsOf: (item, format, t) => [
    { label: t('records.diagnosisDate'), value: format.date(item.diagnosisDate) },
    { label: t('records.notes'), value: item.notes ?? '' },
  ],
};

export const vitalView: ItemView<Vital> = {
  idOf: (item) => item.idVital,
  nameOf: (item, format) => format.date(item.date),
  factsOf: vitalFacts,
};

export const labView: ItemView<Lab> = {
  idOf: (item) => item.idLabs,
  nameOf: (item, format, t) => labLabel(t, item, format.date(item.date)),
  factsOf: (item, format, t) => [
    { label: t('labs.value'), value: [item.value, item.unit].filter(Boolean).join('\u00a0') },
    { label: t('labs.referenceRange'), value: item.referenceRange ?? '' },
    { label: t('labs.date'), value: format.date(item.date) },
    { label: t('labs.comment'), value: item.comment ?? '' },
  ],
};

export const vaccineView: ItemView<Vaccine> = {
  idOf: (item) => item.idVaccine,
  nameOf: (item) => item.vaccineName,
  factsOf: (item, format, t) => [
    { label: t('vaccines.date'), value: format.date(item.date) },
    { label: t('vaccines.dose'), value: item.dose ?? '' },
    { label: t('vaccines.manufacturer'), value: item.manufacturer ?? '' },
    { label: t('vaccines.nextDose'), value: format.date(item.nextDose) },
  ],
};

export const contactView: ItemView<Contact> = {
  idOf: (item) => item.idContact,
  nameOf: (item) => item.name,
  factsOf: (item, _format, t) => [
    { label: t('contacts.relationship'), value: item.relationship ?? '' },
    { label: t('contacts.phone'), value: item.phone ?? '', href: item.phone ? `tel:${item.phone}` : undefined },
    { label: t('contacts.email'), value: item.email ?? '', href: item.email ? `mailto:${item.email}` : undefined },
    { label: t('contacts.address'), value: item.address ?? '' },
  ],
};

/**
 * A line of the family history reads as clinicians write it, "Madre: diabetes tipo 2": the relative
 * is part of the name, so two relatives with the same condition stay apart (in buttons' names too).
 */
export const familyHistoryView: ItemView<FamilyHistory> = {
  idOf: (item) => item.idFamilyHistory,
  nameOf: (item) => `${item.relative}: ${item.condition}`,
  factsOf: (item, _format, t) => [{ label: t('familyHistory.notes'), value: item.notes ?? '' }],
};
