// A record item as labelled lines. Vital signs with their units (SPEC §1) are here because every
// area that shows a reading uses them: the record and the patient's lists show each reading, the
// patient's overview and the printed summary the latest one. `t` reads the record namespace; a
// value not taken is '' (left out by `present`).
import type { TFunction } from 'i18next';
import type { Vital } from '../../../shared/record';
import type { Formatters } from './use-formatters';

export interface ItemFact {
  label: string;
  value: string;
  /** Where the value leads when followed (a contact's phone or email). */
  href?: string;
}

/** Facts with a value only. */
export const present = (facts: ItemFact[]) => facts.filter((fact) => fact.value !== '');

export const vitalFacts = (item: Vital, format: Formatters, t: TFunction): ItemFact[] => [
  {
    label: t('vitals.bloodPressure'),
    value: item.systolic !== null || item.diastolic !== null ? `${item.systolic ?? '–'}/${item.diastolic ?? '–'}\u00a0mmHg` : '',
  },
  { label: t('vitals.heartRate'), value: format.measure(item.heartRate, 'bpm') },
  { label: t('vitals.temperature'), value: format.measure(item.temperature, '°C') },
  { label: t('vitals.oxygenSaturation'), value: format.measure(item.oxygenSaturation, '%') },
  { label: t('vitals.respiratoryRate'), value: format.measure(item.respiratoryRate, t('units.breathsPerMin')) },
  { label: t('vitals.weight'), value: format.measure(item.weight, 'kg') },
];
