import { describe, expect, it } from 'vitest';
import { ageInWords, ageOn } from './age';

describe('ageOn', () => {
  it('counts whole years, a year complete on the birthday itself', () => {
    expect(ageOn('1974-03-04', '2026-03-03')?.years).toBe(51);
    expect(ageOn('1974-03-04', '2026-03-04')?.years).toBe(52);
    expect(ageOn('1974-03-04', '2026-11-25')?.years).toBe(52);
  });

  it('is zero on the day of birth, and null for a birth after today or a date that does not exist', () => {
    expect(ageOn('2026-11-25', '2026-11-25')).toEqual({ years: 0, months: 0, days: 0 });
    expect(ageOn('2026-11-26', '2026-11-25')).toBeNull();
    expect(ageOn('2023-02-29', '2026-11-25')).toBeNull();
    expect(ageOn('1974-3-4', '2026-11-25')).toBeNull();
    expect(ageOn('1974-03-04', 'hoy')).toBeNull();
  });

  it('turns someone born on 29 February a year older on 1 March in a common year', () => {
    expect(ageOn('2000-02-29', '2001-02-28')?.years).toBe(0);
    expect(ageOn('2000-02-29', '2001-03-01')?.years).toBe(1);
    expect(ageOn('2000-02-29', '2023-02-28')?.years).toBe(22);
    expect(ageOn('2000-02-29', '2023-03-01')?.years).toBe(23);
  });

  it('turns someone born on 29 February a year older on 29 February in a leap year', () => {
    expect(ageOn('2000-02-29', '2024-02-28')?.years).toBe(23);
    expect(ageOn('2000-02-29', '2024-02-29')?.years).toBe(24);
  });

  it('counts all the months lived and all the days, across month ends and leap days', () => {
    expect(ageOn('2025-05-25', '2026-11-25')).toMatchObject({ years: 1, months: 18 });
    expect(ageOn('2025-05-26', '2026-11-25')?.months).toBe(17);
    // 31 January: one month is complete on 1 March (February has no 31st).
    expect(ageOn('2026-01-31', '2026-02-28')?.months).toBe(0);
    expect(ageOn('2026-01-31', '2026-03-01')?.months).toBe(1);
    expect(ageOn('2024-02-01', '2024-03-01')?.days).toBe(29);
    expect(ageOn('2023-02-01', '2023-03-01')?.days).toBe(28);
  });
});

describe('ageInWords', () => {
  it('tells years from two, months from one month, days before that', () => {
    expect(ageInWords(ageOn('1974-03-04', '2026-11-25')!)).toEqual({ unit: 'years', count: 52 });
    expect(ageInWords(ageOn('2024-11-25', '2026-11-25')!)).toEqual({ unit: 'years', count: 2 });
    expect(ageInWords(ageOn('2024-11-26', '2026-11-25')!)).toEqual({ unit: 'months', count: 23 });
    expect(ageInWords(ageOn('2026-10-25', '2026-11-25')!)).toEqual({ unit: 'months', count: 1 });
    expect(ageInWords(ageOn('2026-11-20', '2026-11-25')!)).toEqual({ unit: 'days', count: 5 });
  });
});
