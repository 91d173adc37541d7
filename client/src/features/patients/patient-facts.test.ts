import { describe, expect, it } from 'vitest';
import { bloodTypeOf, isRecent, shownAppointment } from './patient-facts';

// A fixed "now": Tuesday 11 March 2025, 09:00 local time.
const now = new Date(2025, 2, 11, 9, 0);

describe('patient card facts', () => {
  it("marks a patient 'recent' when the last appointment was exactly 7 days ago, at any hour", () => {
    expect(isRecent('2025-03-04T08:00', now)).toBe(true);
    expect(isRecent('2025-03-04T23:59', now)).toBe(true);
  });

  it("does not mark a patient 'recent' 8 days after the last appointment", () => {
    expect(isRecent('2025-03-03T23:59', now)).toBe(false);
  });

  it("marks a patient seen earlier today recent, and one never seen not recent", () => {
    expect(isRecent('2025-03-11T08:00', now)).toBe(true);
    expect(isRecent(null, now)).toBe(false);
  });

  it('shows the next appointment when one is booked, else the last one', () => {
    expect(shownAppointment({ lastAppointment: '2025-03-04T08:00', nextAppointment: '2025-03-20T10:00' })).toEqual({ kind: 'next', date: '2025-03-20T10:00' });
    expect(shownAppointment({ lastAppointment: '2025-03-04T08:00', nextAppointment: null })).toEqual({ kind: 'last', date: '2025-03-04T08:00' });
    expect(shownAppointment({ lastAppointment: null, nextAppointment: null })).toEqual({ kind: 'last', date: null });
  });

  it('shows a blood type only when both the group and the Rh are known', () => {
    expect(bloodTypeOf({ bloodGroup: 'AB', bloodRh: '-' })).toBe('AB-');
    expect(bloodTypeOf({ bloodGroup: 'AB', bloodRh: null })).toBeNull();
    expect(bloodTypeOf({ bloodGroup: null, bloodRh: '+' })).toBeNull();
  });
});
