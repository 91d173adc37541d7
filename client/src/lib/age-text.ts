// A patient's age and sex as the record, the dashboard and the printed summary show them ("52 años ·
// Mujer"). The age is counted in the browser to its own today (shared/age.ts); the server never sends
// one. `t` is any translation function: the keys named here are common's, with their namespace.
import type { TFunction } from 'i18next';
import { ageInWords, ageOn } from '../../../shared/age';
import type { SEXES } from '../../../shared/constants';
import { localDay } from '../../../shared/dates';

type Sex = (typeof SEXES)[number];

/** "52 años", "18 meses", "5 días"; '' when the birth date is unknown (or after `today`). */
export function ageText(t: TFunction, birthDate: string | null | undefined, today = localDay(new Date())): string {
  const age = birthDate ? ageOn(birthDate, today) : null;
  if (!age) return '';
  const { unit, count } = ageInWords(age);
  return t(`common:age.${unit}`, { count });
}

/** The sex in the active language; '' when the record does not say. */
export const sexText = (t: TFunction, sex: Sex | null | undefined): string => (sex ? t(`common:sexes.${sex}`) : '');

/** Age and sex on one line, each left out when unknown: "52 años · Mujer", "Mujer", or ''. */
export function ageAndSexText(t: TFunction, patient: { birthDate: string | null; sex: Sex | null }, today?: string): string {
  return [ageText(t, patient.birthDate, today), sexText(t, patient.sex)].filter(Boolean).join(' · ');
}
