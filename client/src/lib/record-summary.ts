// What a record's summary picks out of the whole record: the conditions still with the patient, the
// latest vital signs, the next appointment, and the allergies with the dangerous ones first. Pure
// and shared, so the record page's summary strip and the printed summary choose alike.
import { ALLERGY_SEVERITIES } from '../../../shared/constants';
import { localDay } from '../../../shared/dates';
import type { Allergy, ClinicalHistory, PathologicalRecord } from '../../../shared/record';

/**
 * Conditions still with the patient: Active and Chronic (SPEC §3's statuses). A resolved one is
 * history, and one without a status is left to the full record rather than guessed at.
 */
export const isOngoingCondition = (record: Pick<PathologicalRecord, 'status'>) => record.status === 'Active' || record.status === 'Chronic';

/** The newest item by date; calendar dates and local moments as ISO text compare correctly as strings. */
export const newest = <T extends { date: string }>(items: readonly T[]): T | null =>
  items.reduce<T | null>((best, item) => (best === null || item.date > best.date ? item : best), null);

/**
 * The soonest appointment still to be held: not closed, on today or a later day. One of today that
 * has begun but is not closed counts, since it is under way or running late, as the patient's own
 * upcoming list counts it. Moments are practice-local and compare as text.
 */
export function nextAppointment<T extends Pick<ClinicalHistory, 'date' | 'closed'>>(history: readonly T[], now = new Date()): T | null {
  const today = localDay(now);
  return history.reduce<T | null>(
    (soonest, appointment) =>
      !appointment.closed && appointment.date.slice(0, 10) >= today && (soonest === null || appointment.date < soonest.date) ? appointment : soonest,
    null,
  );
}

/** Severe first, then moderate, mild and unrated; the record's order within each. */
export function allergiesBySeverity(allergies: readonly Allergy[]): Allergy[] {
  const rank = (allergy: Allergy) => (allergy.severity ? ALLERGY_SEVERITIES.length - ALLERGY_SEVERITIES.indexOf(allergy.severity) : ALLERGY_SEVERITIES.length + 1);
  return [...allergies].sort((a, b) => rank(a) - rank(b));
}
