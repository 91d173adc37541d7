// The measures charted over time: blood pressure as two lines, then heart rate,
// temperature, oxygen saturation and weight (weighed at a visit, recorded with its vital signs),
// each with the unit the record shows (SPEC §1).
import type { Vital } from '../../../../shared/record';
import { parseServerDate } from '../../lib/use-formatters';

type Field = 'systolic' | 'diastolic' | 'heartRate' | 'temperature' | 'oxygenSaturation' | 'weight';

/** What a chart reads of a vital-sign reading, as both the medic's record and the patient's own record send it. */
export type Reading = Pick<Vital, 'idVital' | 'date' | Field>;

export interface Measure {
  /** Its texts in charts.json: measures.<key> (title), units.<key>, and series.<field> per line. */
  key: 'bloodPressure' | 'heartRate' | 'temperature' | 'oxygenSaturation' | 'weight';
  fields: readonly Field[];
  /** Temperature and weight are read to a tenth; the others are whole numbers. */
  decimals: 0 | 1;
}

export const MEASURES: readonly Measure[] = [
  { key: 'bloodPressure', fields: ['systolic', 'diastolic'], decimals: 0 },
  { key: 'heartRate', fields: ['heartRate'], decimals: 0 },
  { key: 'temperature', fields: ['temperature'], decimals: 1 },
  { key: 'oxygenSaturation', fields: ['oxygenSaturation'], decimals: 0 },
  { key: 'weight', fields: ['weight'], decimals: 1 },
];

/**
 * A measure's readings as uPlot's columns: times in seconds, oldest first (the record lists newest
 * first), and one column per line with null where a reading lacks that value, which uPlot draws as
 * a gap. Readings with none of the measure's values are left out.
 */
export interface Series {
  times: number[];
  values: (number | null)[][];
}

export function seriesOf(readings: readonly Reading[], measure: Measure): Series {
  const rows = readings
    .filter((reading) => measure.fields.some((field) => reading[field] !== null))
    .map((reading) => ({ reading, time: (parseServerDate(reading.date)?.getTime() ?? Number.NaN) / 1000 }))
    .filter((row) => Number.isFinite(row.time))
    .sort((a, b) => a.time - b.time);
  return {
    times: rows.map((row) => row.time),
    values: measure.fields.map((field) => rows.map((row) => row.reading[field])),
  };
}

/** Readings newest first, as the record's own list shows them. */
export const newestFirst = (readings: readonly Reading[]) => [...readings].sort((a, b) => b.date.localeCompare(a.date));
