// How a demo note writes the vital signs of its day: the examination of a NOM-004 evolution note
// (6.2.2) opens with them, in the units SPEC.md uses, and the record holds the same figures.
export interface DayVitals {
  systolic: number | null;
  diastolic: number | null;
  heartRate: number;
  temperature: number;
  oxygenSaturation: number;
  respiratoryRate: number;
  weight: number;
}

/** A consultation note's four texts, in NOM-004's order. */
export interface NoteTexts {
  subjective: string;
  exploration: string;
  plan: string;
  prognosis: string;
}

const decimal = (value: number) => String(value).replace('.', ',');

export function vitalSignsLine(vitals: DayVitals): string {
  return [
    vitals.systolic !== null && vitals.diastolic !== null ? `TA ${vitals.systolic}/${vitals.diastolic} mmHg` : null,
    `FC ${vitals.heartRate} lpm`,
    `T.ª ${decimal(vitals.temperature)} °C`,
    `SatO₂ ${vitals.oxygenSaturation} %`,
    `FR ${vitals.respiratoryRate} rpm`,
    `peso ${decimal(vitals.weight)} kg`,
  ]
    .filter((part) => part !== null)
    .join('; ')
    .concat('.');
}
