// One appointment as the server sends it, for the tests of the patient's dashboard and of the
// medic's record page: the same consultation shape in both, each with its own patient and medic.
import type { ClinicalHistory } from '../../../shared/record';

type Owners = Pick<ClinicalHistory, 'idPatient' | 'idMedic' | 'motive'>;
export type AppointmentOverrides = Partial<ClinicalHistory> & Pick<ClinicalHistory, 'idHistory' | 'date'>;

/** An open appointment of `owners`' patient and medic with nothing written yet; overrides fill in parts. */
export function appointmentOf(owners: Owners, overrides: AppointmentOverrides): ClinicalHistory {
  return {
    ...owners,
    start: overrides.date.slice(11, 16),
    end: null,
    notes: null,
    medications: [],
    diagnosisIds: [],
    subjective: null,
    exploration: null,
    plan: null,
    prognosis: null,
    diagnoses: [],
    prescriptions: [],
    addenda: [],
    medic: null,
    closed: false,
    // Written on its own day, as a consultation normally is.
    writtenAt: `${overrides.date.slice(0, 10)}T${overrides.date.slice(11, 16) || '09:00'}:00.000Z`,
    lateEntry: false,
    ...overrides,
  };
}
