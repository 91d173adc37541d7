import { describe, expect, it } from 'vitest';
import { addDays, agendaRangeIssue, daysCovered } from '../../../../shared/agenda';
import { daysOf, rangeOf, stepFrom } from './agenda-dates';
import { overlapping } from './overlap';
import { agendaItem } from './test-agenda';

describe('the agenda calendar', () => {
  it('shows a week from Monday to Sunday, whichever day it is asked around, across months and years', () => {
    expect(rangeOf('week', '2026-06-15')).toEqual({ from: '2026-06-15', to: '2026-06-21' });
    expect(rangeOf('week', '2026-06-21')).toEqual({ from: '2026-06-15', to: '2026-06-21' });
    expect(rangeOf('week', '2026-01-01')).toEqual({ from: '2025-12-29', to: '2026-01-04' });
    expect(rangeOf('day', '2026-03-29')).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    expect(daysOf(rangeOf('week', '2026-02-26'))).toEqual(['2026-02-23', '2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('steps by the length of the view', () => {
    expect(stepFrom('day', '2026-02-28', 1)).toBe('2026-03-01');
    expect(stepFrom('week', '2026-01-02', -1)).toBe('2025-12-26');
    // Daylight saving changes no day: Europe moves its clocks on the last Sunday of March.
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('reads at most 62 days, both ends counted, and never backwards', () => {
    expect(daysCovered('2026-07-01', '2026-08-31')).toBe(62);
    expect(agendaRangeIssue('2026-07-01', '2026-08-31')).toBeNull();
    expect(agendaRangeIssue('2026-07-01', '2026-09-01')).toBe('validation.agendaRangeTooLong');
    expect(agendaRangeIssue('2026-07-02', '2026-07-01')).toBe('validation.agendaRangeOrder');
  });
});

describe('the overlap warning', () => {
  const day = [
    agendaItem({ idHistory: 1, date: '2026-06-15T09:00', end: '09:30' }),
    agendaItem({ idHistory: 2, date: '2026-06-15T10:00', end: null }),
    agendaItem({ idHistory: 3, date: '2026-06-16T09:00', end: '10:00' }),
  ];
  const ids = (found: { idHistory: number }[]) => found.map((item) => item.idHistory);

  it('finds the appointments that share a minute with the new times, on the same day only', () => {
    expect(ids(overlapping(day, { date: '2026-06-15', start: '09:15', end: '09:45' }))).toEqual([1]);
    expect(ids(overlapping(day, { date: '2026-06-15', start: '08:00', end: '12:00' }))).toEqual([1, 2]);
  });

  it('lets one end where the next starts', () => {
    expect(overlapping(day, { date: '2026-06-15', start: '09:30', end: '10:00' })).toEqual([]);
    expect(overlapping(day, { date: '2026-06-15', start: '08:30', end: '09:00' })).toEqual([]);
  });

  it('counts an appointment without an end as a 30-minute visit', () => {
    expect(ids(overlapping(day, { date: '2026-06-15', start: '10:15', end: '10:45' }))).toEqual([2]);
    expect(overlapping(day, { date: '2026-06-15', start: '10:30', end: '11:00' })).toEqual([]);
  });

  it('leaves out the appointment being moved, and says nothing of times that end before they start', () => {
    expect(overlapping(day, { date: '2026-06-15', start: '09:00', end: '09:30', idHistory: 1 })).toEqual([]);
    expect(overlapping(day, { date: '2026-06-15', start: '10:00', end: '09:00' })).toEqual([]);
  });
});
