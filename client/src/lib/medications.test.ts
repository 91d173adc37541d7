import { describe, expect, it } from 'vitest';
import { activeMedications, earlierMedications } from './medications';
import { appointment } from '../test/dashboard-fixtures';

describe('medications', () => {
  const now = new Date(2025, 2, 10, 9, 0);
  const visits = [
    appointment({ idHistory: 3, date: '2025-03-04T10:00', medications: ['Ibuprofeno', ' '] }),
    appointment({ idHistory: 2, date: '2025-02-04T10:00', medications: ['IBUPROFENO', 'Loratadina'] }),
    appointment({ idHistory: 1, date: '2025-01-04T10:00', medications: ['Amoxicilina'], closed: true }),
  ];

  it('counts as active only what open appointments prescribe, each name once, ignoring blanks', () => {
    expect(activeMedications(visits, now).map((medication) => medication.name)).toEqual(['Ibuprofeno', 'Loratadina']);
    expect(activeMedications(visits, now)[0]!.appointments.map((visit) => visit.idHistory)).toEqual([3, 2]);
  });

  it("keeps closed appointments' medications apart as earlier ones", () => {
    expect(earlierMedications(visits, now).map((medication) => medication.name)).toEqual(['Amoxicilina']);
  });

  it('does not count an open appointment older than 90 days as active (issue 14, rough edge 5)', () => {
    const forgotten = appointment({ idHistory: 9, date: '2024-06-01T10:00', medications: ['Prednisona'] });
    expect(activeMedications([...visits, forgotten], now).map((medication) => medication.name)).not.toContain('Prednisona');
    expect(earlierMedications([...visits, forgotten], now).map((medication) => medication.name)).toContain('Prednisona');
  });

  it('counts an open appointment exactly 90 practice-local days back, not one a day older', () => {
    const edge = appointment({ idHistory: 7, date: '2024-12-10T23:30', medications: ['Metformina'] });
    const older = appointment({ idHistory: 6, date: '2024-12-09T08:00', medications: ['Losartán'] });
    expect(activeMedications([edge, older], now).map((medication) => medication.name)).toEqual(['Metformina']);
  });
});
