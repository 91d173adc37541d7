import { describe, expect, it } from 'vitest';
import type { Allergy } from '../../../shared/record';
import { allergiesBySeverity, isOngoingCondition, newest, nextAppointment } from './record-summary';
import { appointment, vital } from '../test/record-fixtures';

describe('what the record summary picks', () => {
  const now = new Date(2026, 2, 10, 12, 0);

  it('takes as next appointment the soonest open one from today on, one of today already begun included', () => {
    const history = [
      appointment({ idHistory: 1, date: '2026-03-09T17:00' }),
      appointment({ idHistory: 2, date: '2026-03-20T10:00' }),
      appointment({ idHistory: 3, date: '2026-03-12T16:30' }),
      appointment({ idHistory: 4, date: '2026-03-11T08:00', closed: true }),
      appointment({ idHistory: 5, date: '2026-03-10T09:00' }),
      appointment({ idHistory: 6, date: '2026-03-10T08:00', closed: true }),
    ];
    expect(nextAppointment(history, now)?.idHistory).toBe(5);
    expect(nextAppointment(history.slice(0, 4), now)?.idHistory).toBe(3);
    expect(nextAppointment([history[0]!, history[3]!, history[5]!], now)).toBeNull();
  });

  it('keeps active and chronic conditions, not resolved ones nor those without a status', () => {
    expect([isOngoingCondition({ status: 'Active' }), isOngoingCondition({ status: 'Chronic' })]).toEqual([true, true]);
    expect([isOngoingCondition({ status: 'Resolved' }), isOngoingCondition({ status: null })]).toEqual([false, false]);
  });

  it('finds the newest vital signs whatever order they come in', () => {
    expect(newest([vital(1, '2025-01-10'), vital(2, '2025-03-01T08:15'), vital(3, '2025-02-01')])?.idVital).toBe(2);
    expect(newest([])).toBeNull();
  });

  it('lists severe allergies first, then moderate, mild and unrated, keeping the order within each', () => {
    const allergy = (idPatientAllergy: number, severity: Allergy['severity']): Allergy => ({ idPatientAllergy, allergyName: `A${idPatientAllergy}`, severity, type: null, reaction: null });
    const sorted = allergiesBySeverity([allergy(1, null), allergy(2, 'Mild'), allergy(3, 'Severe'), allergy(4, 'Moderate'), allergy(5, 'Severe')]);
    expect(sorted.map((item) => item.idPatientAllergy)).toEqual([3, 5, 4, 2, 1]);
  });
});
