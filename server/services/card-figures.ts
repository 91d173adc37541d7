// What a patient card shows beyond the filter index (blood type, last appointment, how many), for
// the patients a filter chose. The appointment figures are kept per connection at each patient's
// record_version, which every change to their appointments replaces (migration 0006): a medic's new
// filters keep landing on patients already shown, and counting their appointments again by
// (patient_id, date) was, at random places in a decade's 2 GiB file, a quarter of a filtered page's
// CPU. Blood types are read every time, with the versions, from the same rows.
import type Database from 'better-sqlite3';
import type { PatientListItem } from '../../shared/patients';

export type CardFigures = Pick<PatientListItem, 'idPatient' | 'bloodGroup' | 'bloodRh' | 'lastAppointment' | 'appointmentCount'>;

type AppointmentFigures = Pick<CardFigures, 'lastAppointment' | 'appointmentCount'>;

/** Patients whose figures are kept per connection: a decade's whole practice (about 6 MB). */
const KEPT_PATIENTS = 60_000;

interface Kept extends AppointmentFigures {
  version: number;
}

function prepare(sqlite: Database.Database) {
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
}

const connections = new WeakMap<Database.Database, { statements: ReturnType<typeof prepare>; kept: Map<number, Kept> }>();

/**
 * The card figures of `ids`, in their order; a patient no longer in the database is left out (the
 * caller compares). Read inside the caller's transaction, so versions and figures are one snapshot.
 */
export function cardFiguresOf(sqlite: Database.Database, ids: number[]): CardFigures[] {
  let connection = connections.get(sqlite);
  if (!connection) connections.set(sqlite, (connection = { statements: prepare(sqlite), kept: new Map() }));
  const { statements, kept } = connection;
  const rows = statements.versions.all({ ids: JSON.stringify(ids) });
  const stale = rows.filter((row) => kept.get(row.idPatient)?.version !== row.version);
  if (stale.length) {
    const counted = new Map(statements.figures.all({ ids: JSON.stringify(stale.map((row) => row.idPatient)) }).map((row) => [row.idPatient, row]));
    for (const { idPatient, version } of stale) {
      const { lastAppointment, appointmentCount } = counted.get(idPatient)!;
      kept.delete(idPatient);
      kept.set(idPatient, { version, lastAppointment, appointmentCount });
      if (kept.size > KEPT_PATIENTS) kept.delete(kept.keys().next().value!);
    }
  }
  return rows.map(({ idPatient, bloodGroup, bloodRh }) => {
    const { lastAppointment, appointmentCount } = kept.get(idPatient)!;
    return { idPatient, bloodGroup, bloodRh, lastAppointment, appointmentCount };
  });
}
