// What a patient card shows beyond the filter index (blood type, last appointment, how many), for
// the patients a filter chose. The appointment figures are kept per connection at each patient's
// record_version, which every change to their appointments replaces (migration 0006): a medic's new
// filters keep landing on patients already shown, and counting their appointments again by
// (patient_id, date) was, at random places in a decade's 2 GiB file, a quarter of a filtered page's
// CPU. Blood types are read every time, with the versions, from the same rows.
import type { PatientListItem } from '../../shared/patients';
import type { DbOrTx } from '../db/client';
import { connectionOf, preparedPerConnection } from '../db/prepared';
import { versionedCache } from '../db/versioned-cache';

export type CardFigures = Pick<PatientListItem, 'idPatient' | 'bloodGroup' | 'bloodRh' | 'lastAppointment' | 'appointmentCount'>;

type AppointmentFigures = Pick<CardFigures, 'lastAppointment' | 'appointmentCount'>;

/** Patients whose figures are kept per connection: a decade's whole practice (about 6 MB). */
const KEPT_PATIENTS = 60_000;
const keptFigures = versionedCache<number, AppointmentFigures>(KEPT_PATIENTS);

const statementsOf = preparedPerConnection((db) => {
  const sqlite = connectionOf(db);
  return {
    // By primary key, ids outside (CROSS JOIN), in their order: @ids is a JSON array.
    versions: sqlite.prepare<{ ids: string }, { idPatient: number; version: number; bloodGroup: CardFigures['bloodGroup']; bloodRh: CardFigures['bloodRh'] }>(
      `SELECT pt.id AS idPatient, pt.record_version AS version, pt.blood_group AS bloodGroup, pt.blood_rh AS bloodRh
      FROM json_each(@ids) chosen CROSS JOIN patients pt ON pt.id = chosen.value ORDER BY chosen.key`,
    ),
    figures: sqlite.prepare<{ ids: string }, { idPatient: number } & AppointmentFigures>(
      `SELECT chosen.value AS idPatient,
        (SELECT max(h.date) FROM clinical_histories h WHERE h.patient_id = chosen.value) AS lastAppointment,
        (SELECT count(*) FROM clinical_histories h WHERE h.patient_id = chosen.value) AS appointmentCount
      FROM json_each(@ids) chosen`,
    ),
  };
});

/**
 * The card figures of `ids`, in their order; a patient no longer in the database is left out (the
 * caller compares). Read inside the caller's transaction, so versions and figures are one snapshot.
 * The figures not kept at their patient's version are counted in one statement for all of them.
 */
export function cardFiguresOf(db: DbOrTx, ids: number[]): CardFigures[] {
  const statements = statementsOf(db);
  const rows = statements.versions.all({ ids: JSON.stringify(ids) });
  const stale = rows.filter((row) => keptFigures.kept(db, row.idPatient, row.version) === undefined).map((row) => row.idPatient);
  const counted = new Map(stale.length ? statements.figures.all({ ids: JSON.stringify(stale) }).map((row) => [row.idPatient, row]) : []);
  return rows.map(({ idPatient, version, bloodGroup, bloodRh }) => {
    const { lastAppointment, appointmentCount } = keptFigures.at(db, idPatient, version, () => {
      const { lastAppointment, appointmentCount } = counted.get(idPatient)!;
      return { lastAppointment, appointmentCount };
    });
    return { idPatient, bloodGroup, bloodRh, lastAppointment, appointmentCount };
  });
}
