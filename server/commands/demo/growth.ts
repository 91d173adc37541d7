// How children grow and what their vital signs are at each age, so a demo child's weight, height,
// pulse and breathing read as a paediatrician would expect. Weights and heights are rounded medians
// of the WHO growth standards (0–5 years) and references (5–18 years); the vital ranges are the usual
// paediatric ones (PALS).

/** A demo person's sex, as the growth standards are split. */
export type Sex = 'F' | 'M';

/** Age in years, then the median weight (kg) and height (cm) of girls and boys. */
const MEDIANS: readonly (readonly [number, { F: [number, number]; M: [number, number] }])[] = [
  [0, { F: [3.2, 49], M: [3.3, 50] }],
  [0.5, { F: [7.3, 66], M: [7.9, 68] }],
  [1, { F: [8.9, 74], M: [9.6, 76] }],
  [2, { F: [11.5, 86], M: [12.2, 88] }],
  [3, { F: [13.9, 95], M: [14.3, 96] }],
  [4, { F: [16.1, 102], M: [16.3, 103] }],
  [5, { F: [18.2, 109], M: [18.3, 110] }],
  [6, { F: [20.2, 115], M: [20.5, 116] }],
  [8, { F: [25.8, 127], M: [25.6, 128] }],
  [10, { F: [32.5, 138], M: [31.2, 138] }],
  [12, { F: [41.5, 151], M: [39.9, 149] }],
  [14, { F: [49.5, 160], M: [51, 164] }],
  [16, { F: [54, 162], M: [60.8, 173] }],
  [18, { F: [56.5, 163], M: [67, 176] }],
];

/** Children are those under 18; from 18 the demo's adults take over. */
export const ADULT_AGE = 18;

function median(years: number, sex: Sex, which: 0 | 1): number {
  const at = Math.min(Math.max(years, 0), ADULT_AGE);
  const upper = MEDIANS.findIndex(([age]) => age >= at);
  if (upper <= 0) return MEDIANS[0]![1][sex][which];
  const [lowAge, low] = MEDIANS[upper - 1]!;
  const [highAge, high] = MEDIANS[upper]!;
  return low[sex][which] + ((high[sex][which] - low[sex][which]) * (at - lowAge)) / (highAge - lowAge);
}

export const medianWeight = (years: number, sex: Sex) => median(years, sex, 0);
export const medianHeight = (years: number, sex: Sex) => median(years, sex, 1);

/** The usual resting ranges at an age: heart rate (bpm), breathing (rpm) and, from 3 years, blood pressure (mmHg). */
export function childVitalRanges(years: number): { heartRate: [number, number]; respiratoryRate: [number, number]; systolic: [number, number] | null; diastolic: [number, number] | null } {
  if (years < 1) return { heartRate: [110, 150], respiratoryRate: [30, 45], systolic: null, diastolic: null };
  // Blood pressure is not taken at a routine visit before three years of age.
  if (years < 3) return { heartRate: [95, 135], respiratoryRate: [24, 35], systolic: null, diastolic: null };
  if (years < 6) return { heartRate: [85, 120], respiratoryRate: [20, 28], systolic: [90, 105], diastolic: [52, 65] };
  if (years < 12) return { heartRate: [75, 110], respiratoryRate: [18, 24], systolic: [95, 112], diastolic: [56, 70] };
  return { heartRate: [62, 95], respiratoryRate: [12, 18], systolic: [102, 120], diastolic: [62, 76] };
}
