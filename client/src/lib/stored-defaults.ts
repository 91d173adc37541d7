// SPEC §9 stores a patient created without a phone or address with fixed defaults ('0000000000',
// 'No especificada'), and the API keeps returning them as stored. Those are placeholders, not data:
// shown verbatim, the Spanish one leaks into the English interface and the zeros read like a number
// to dial. Every place the client shows a patient's phone or address passes it through here, so it
// reads "Not specified" / "No especificada" in the interface language.
import type { TFunction } from 'i18next';
import { DEFAULT_PATIENT_ADDRESS, DEFAULT_PATIENT_PHONE } from '../../../shared/constants';

/** The phone to show: the interface's "not specified" for the stored default, else as stored. */
export function shownPhone(t: TFunction, phone: string | null): string | null {
  return phone === DEFAULT_PATIENT_PHONE ? t('common:storedDefault.phone') : phone;
}

/** The address to show: the interface's "not specified" for the stored default, else as stored. */
export function shownAddress(t: TFunction, address: string | null): string | null {
  return address === DEFAULT_PATIENT_ADDRESS ? t('common:storedDefault.address') : address;
}

/** True for a phone that is only the stored default: nothing to call or link to. */
export const isDefaultPhone = (phone: string | null) => phone === DEFAULT_PATIENT_PHONE;
