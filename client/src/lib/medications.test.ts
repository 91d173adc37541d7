import { describe, expect, it } from 'vitest';
import { activeMedications, earlierMedications } from './medications';
import { appointment } from '../test/dashboard-fixtures';
import { prescription, prescriptionItem as item } from '../test/record-fixtures';

const names = (list: { name: string }[]) => list.map((medication) => medication.name);

describe('medications', () => {
  const now = new Date(2025, 2, 10, 9, 0);
  const visits = [
    appointment({ idHistory: 3, date: '2025-03-04T10:00', medications: ['Ibuprofeno', ' '] }),
    appointment({ idHistory: 2, date: '2025-02-04T10:00', medications: ['IBUPROFENO', 'Loratadina'] }),
    appointment({ idHistory: 1, date: '2025-01-04T10:00', medications: ['Amoxicilina'], closed: true }),
  ];

  it('counts as active only what open appointments prescribe, each name once, ignoring blanks', () => {
    expect(names(activeMedications(visits, now))).toEqual(['Ibuprofeno', 'Loratadina']);
    expect(activeMedications(visits, now)[0]!.appointments.map((visit) => visit.idHistory)).toEqual([3, 2]);
  });

  it("keeps closed appointments' medications apart as earlier ones", () => {
    expect(names(earlierMedications(visits, now))).toEqual(['Amoxicilina']);
  });

  it('does not count an open appointment older than 90 days as active', () => {
    const forgotten = appointment({ idHistory: 9, date: '2024-06-01T10:00', medications: ['Prednisona'] });
    expect(names(activeMedications([...visits, forgotten], now))).not.toContain('Prednisona');
    expect(names(earlierMedications([...visits, forgotten], now))).toContain('Prednisona');
  });

  it('counts an open appointment exactly 90 practice-local days back, not one a day older', () => {
    const edge = appointment({ idHistory: 7, date: '2024-12-10T23:30', medications: ['Metformina'] });
    const older = appointment({ idHistory: 6, date: '2024-12-09T08:00', medications: ['Losartán'] });
    expect(names(activeMedications([edge, older], now))).toEqual(['Metformina']);
  });
});

describe('medications from prescriptions', () => {
  const now = new Date(2025, 2, 10, 9, 0);
  const amoxicilina = item('Amoxicilina', { strength: '500 mg', form: 'cápsulas', route: 'vía oral', dose: '1 cápsula', frequency: 'cada 8 horas' });

  it("lists a prescription's items with their heading and the item itself, even once the appointment is closed", () => {
    const visit = appointment({
      idHistory: 4,
      date: '2025-03-01T10:00',
      closed: true,
      prescriptions: [prescription({ idPrescription: 1, idHistory: 4, issuedAt: '2025-03-01T10:20', items: [amoxicilina, item('Paracetamol', { strength: '500 mg' })] })],
    });
    const active = activeMedications([visit], now);
    expect(names(active)).toEqual(['Amoxicilina 500 mg, cápsulas, vía oral', 'Paracetamol 500 mg']);
    expect(active[0]!.item).toEqual(amoxicilina);
    expect(active[0]!.appointments.map((appointment) => appointment.idHistory)).toEqual([4]);
  });

  it("reads an appointment with a prescription from its items alone, not from the free text it also holds", () => {
    const visit = appointment({
      idHistory: 4,
      date: '2025-03-01T10:00',
      medications: ['Amoxicilina 500'],
      prescriptions: [prescription({ idPrescription: 1, idHistory: 4, issuedAt: '2025-03-01T10:20', items: [amoxicilina] })],
    });
    expect(names(activeMedications([visit], now))).toEqual(['Amoxicilina 500 mg, cápsulas, vía oral']);
  });

  it('leaves out voided prescriptions, from the current medications and from the earlier ones', () => {
    const voided = appointment({
      idHistory: 4,
      date: '2025-03-01T10:00',
      medications: ['Ketorolaco'],
      prescriptions: [prescription({ idPrescription: 1, idHistory: 4, issuedAt: '2025-03-01T10:20', items: [item('Ketorolaco')], voidedAt: '2025-03-01T10:40', voidReason: 'Error' })],
    });
    expect(activeMedications([voided], now)).toEqual([]);
    expect(earlierMedications([voided], now)).toEqual([]);
  });

  it('counts a prescription issued exactly 90 days back as current and an older one as earlier', () => {
    const edge = appointment({ idHistory: 7, date: '2024-12-10T09:00', prescriptions: [prescription({ idPrescription: 7, idHistory: 7, issuedAt: '2024-12-10T23:30', items: [item('Metformina')] })] });
    const older = appointment({ idHistory: 6, date: '2024-12-09T09:00', prescriptions: [prescription({ idPrescription: 6, idHistory: 6, issuedAt: '2024-12-09T09:10', items: [item('Losartán')] })] });
    expect(names(activeMedications([edge, older], now))).toEqual(['Metformina']);
    expect(names(earlierMedications([edge, older], now))).toEqual(['Losartán']);
  });

  it('keeps the newest posology when the same drug was prescribed twice, and mixes in free text of visits without one', () => {
    const newer = item('Amoxicilina', { strength: '500 mg', dose: '2 cápsulas' });
    const visits = [
      appointment({ idHistory: 9, date: '2025-03-05T10:00', prescriptions: [prescription({ idPrescription: 3, idHistory: 9, issuedAt: '2025-03-05T10:10', items: [newer] })] }),
      appointment({ idHistory: 8, date: '2025-02-20T10:00', medications: ['Salbutamol'] }),
      appointment({ idHistory: 5, date: '2025-02-01T10:00', prescriptions: [prescription({ idPrescription: 2, idHistory: 5, issuedAt: '2025-02-01T10:10', items: [item('Amoxicilina', { strength: '500 mg', dose: '1 cápsula' })] })] }),
    ];
    const active = activeMedications(visits, now);
    expect(names(active)).toEqual(['Amoxicilina 500 mg', 'Salbutamol']);
    expect(active[0]!.item?.dose).toBe('2 cápsulas');
    expect(active[0]!.appointments.map((appointment) => appointment.idHistory)).toEqual([9, 5]);
    expect(active[1]!.item).toBeNull();
  });
});
