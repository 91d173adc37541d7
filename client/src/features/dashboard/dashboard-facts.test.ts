import { describe, expect, it } from 'vitest';
import { activeMedications, medicationsOf } from './dashboard-facts';
import { appointment } from './test-dashboard';

describe('medications', () => {
  const visits = [
    appointment({ idHistory: 3, date: '2025-03-04T10:00', medications: ['Ibuprofeno', ' '] }),
    appointment({ idHistory: 2, date: '2025-02-04T10:00', medications: ['IBUPROFENO', 'Loratadina'] }),
    appointment({ idHistory: 1, date: '2025-01-04T10:00', medications: ['Amoxicilina'], closed: true }),
  ];

  it('counts as active only what open appointments prescribe, each name once, ignoring blanks', () => {
    expect(activeMedications(visits).map((medication) => medication.name)).toEqual(['Ibuprofeno', 'Loratadina']);
    expect(activeMedications(visits)[0]!.appointments.map((visit) => visit.idHistory)).toEqual([3, 2]);
  });

  it("keeps closed appointments' medications apart as earlier ones", () => {
    expect(medicationsOf(visits, { open: false }).map((medication) => medication.name)).toEqual(['Amoxicilina']);
  });
});
