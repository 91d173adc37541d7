import { describe, expect, it } from 'vitest';
import { appointment } from '../../test/dashboard-fixtures';
import { splitAppointments } from './split-appointments';

const TODAY = '2025-03-11';
const ids = (list: { idHistory: number }[]) => list.map((item) => item.idHistory);

describe("splitting a patient's appointments into upcoming and past", () => {
  it('puts later days first in the upcoming list, soonest first by day and then by start time', () => {
    const { upcoming, past } = splitAppointments(
      [
        appointment({ idHistory: 1, date: '2025-04-01T08:00' }),
        appointment({ idHistory: 2, date: '2025-03-12T16:00' }),
        appointment({ idHistory: 3, date: '2025-03-12T09:30' }),
      ],
      TODAY,
    );
    expect(ids(upcoming)).toEqual([3, 2, 1]);
    expect(past).toEqual([]);
  });

  it("keeps today's open appointment upcoming and moves today's closed one to the past", () => {
    const { upcoming, past } = splitAppointments(
      [appointment({ idHistory: 1, date: '2025-03-11T08:00', closed: true }), appointment({ idHistory: 2, date: '2025-03-11T18:00' })],
      TODAY,
    );
    expect(ids(upcoming)).toEqual([2]);
    expect(ids(past)).toEqual([1]);
  });

  it('counts an earlier day as past whether or not the doctor closed it, most recent first', () => {
    const { upcoming, past } = splitAppointments(
      [
        appointment({ idHistory: 1, date: '2024-12-01T10:00', closed: true }),
        appointment({ idHistory: 2, date: '2025-03-10T09:00' }),
        appointment({ idHistory: 3, date: '2025-03-10T17:00', closed: true }),
        appointment({ idHistory: 4, date: '2025-03-11T07:00', closed: true }),
      ],
      TODAY,
    );
    expect(upcoming).toEqual([]);
    expect(ids(past)).toEqual([4, 3, 2, 1]);
  });

  it('leaves the list it was given in its order', () => {
    const given = [appointment({ idHistory: 2, date: '2025-03-20T10:00' }), appointment({ idHistory: 1, date: '2025-03-01T10:00' })];
    splitAppointments(given, TODAY);
    expect(ids(given)).toEqual([2, 1]);
  });
});
