import { describe, expect, it } from 'vitest';
import { formatters, parseServerDate } from './use-formatters';

describe('server dates', () => {
  it('reads calendar dates and practice-local moments as local time', () => {
    expect(parseServerDate('2025-03-04')).toEqual(new Date(2025, 2, 4));
    expect(parseServerDate('2025-03-04T15:30')).toEqual(new Date(2025, 2, 4, 15, 30));
    expect(parseServerDate('2025-03-04T15:30:00')).toEqual(new Date(2025, 2, 4, 15, 30));
  });

  it('reads instants with their zone, and nothing from text that is no date', () => {
    expect(parseServerDate('2025-03-04T15:30:00.000Z')).toEqual(new Date(Date.UTC(2025, 2, 4, 15, 30)));
    expect(parseServerDate('soon')).toBeNull();
  });
});

describe('formatters', () => {
  it('shows the day alone of a moment in the active language', () => {
    expect(formatters('en').day('2025-03-03T10:30')).toBe('Mar 3, 2025');
    expect(formatters('es').day('2025-03-03T10:30')).toBe('3 mar 2025');
  });

  // The space before AM/PM differs between ICU versions.
  it('shows a day with its weekday and a time as the language writes it', () => {
    expect(formatters('en').fullDay('2025-03-04')).toBe('Tuesday, March 4, 2025');
    expect(formatters('es').time('15:30')).toBe('15:30');
    expect(formatters('en').time('15:30')).toMatch(/^3:30\sPM$/);
  });

  it('writes measures and percentages with the decimal comma in Spanish', () => {
    expect(formatters('es').measure(36.55, '°C')).toBe('36,6\u00a0°C');
    expect(formatters('es').measure(172.4, 'cm', 0)).toBe('172\u00a0cm');
    expect(formatters('es').percent(97.5)).toBe('97,5\u00a0%');
    expect(formatters('en').percent(97.5)).toBe('97.5%');
    expect(formatters('en').measure(null, 'kg')).toBe('');
  });

  it("shows an instant's time alone on the same day, and its date too on another", () => {
    const now = new Date(2025, 2, 4, 9, 0);
    const en = formatters('en');
    expect(en.timeOrDate('2025-03-04T15:30', now)).toMatch(/^3:30\sPM$/);
    expect(en.timeOrDate('2025-03-05T15:30', now)).toMatch(/^Mar 5, 2025, 3:30\sPM$/);
  });

  it('shows text that is no date as it came', () => {
    expect(formatters('en').day('soon')).toBe('soon');
    expect(formatters('en').date(null)).toBe('');
  });
});
