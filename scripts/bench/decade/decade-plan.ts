// How much a decade of a practice holds, scaled: the counts a busy practice reaches in
// ten years, in proportion for fewer years, times `scale` so a test can seed a tiny decade.

export interface DecadePlan {
  years: number;
  medics: number;
  patients: number;
  appointments: number;
  /** Of the appointments: the share that issued a prescription. */
  prescriptionShare: number;
  vitals: number;
  labs: number;
  documents: number;
  auditEvents: number;
  /** The record the bench reads as "long": this many appointments, whatever the scale. */
  longHistoryAppointments: number;
  /** Its counterpart, a record with a handful. */
  shortHistoryAppointments: number;
}

/** A busy practice's figures for ten years. */
const TEN_YEARS = {
  patients: 50_000,
  appointments: 500_000,
  vitalsAndLabs: 2_000_000,
  documents: 20_000,
  auditEvents: 5_000_000,
};

export function planDecade(years: number, scale = 1): DecadePlan {
  if (!(years > 0)) throw new Error(`years must be positive, not ${years}`);
  if (!(scale > 0 && scale <= 1)) throw new Error(`scale must be in (0, 1], not ${scale}`);
  // The practice grows with the years it has run; the two compared records keep their size, so the
  // bench compares the same long and short histories at any scale.
  const factor = (years / 10) * scale;
  const count = (tenYears: number, least: number) => Math.max(least, Math.round(tenYears * factor));
  const vitalsAndLabs = count(TEN_YEARS.vitalsAndLabs, 4);
  return {
    years,
    medics: 8,
    patients: count(TEN_YEARS.patients, 3),
    appointments: count(TEN_YEARS.appointments, 404),
    prescriptionShare: 0.4,
    vitals: Math.ceil(vitalsAndLabs / 2),
    labs: Math.floor(vitalsAndLabs / 2),
    documents: count(TEN_YEARS.documents, 2),
    auditEvents: count(TEN_YEARS.auditEvents, 50),
    longHistoryAppointments: 400,
    shortHistoryAppointments: 4,
  };
}
