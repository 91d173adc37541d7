// The columns that make up each API shape, selected the same way wherever that shape is read.
// The JSON shapes below are built in SQL, by each engine's JSON functions (json-sql.ts).
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Diagnosis } from '../../shared/catalog';
import { engineNameOf, type DbOrTx, type EngineName } from '../db/engine';
import type { Addendum, Prescription } from '../../shared/prescriptions';
import type { ClinicalHistory } from '../../shared/record';
import { addenda, clinicalHistories, diagnoses, files, medics, patients, prescriptionItems, prescriptions, users } from '../db/schema/index';
import { postgresJson, sqliteJson, type JsonSql } from './json-sql';

/** Patient (API.md "Shapes"): the account's name and contact fields with the record's. */
export const patientColumns = {
  idPatient: patients.id,
  idUser: users.id,
  name: users.name,
  lname: users.lname,
  email: users.email,
  phone: users.phone,
  extraPhone: patients.extraPhone,
  address: users.address,
  addressSpecific: patients.addressSpecific,
  bloodGroup: patients.bloodGroup,
  bloodRh: patients.bloodRh,
  civilStatus: patients.civilStatus,
  birthDate: patients.birthDate,
  sex: patients.sex,
  weight: patients.weight,
  height: patients.height,
  policy: patients.policy,
  documentNumber: patients.documentNumber,
};

/** Doctor. */
export const doctorColumns = {
  idMedic: medics.id,
  name: users.name,
  lname: users.lname,
  email: users.email,
  phone: users.phone,
  whatsapp: medics.whatsapp,
  about: medics.about,
  specialty: medics.specialty,
  licenseNumber: medics.licenseNumber,
};

const parseJson = <T>(text: string) => JSON.parse(text) as T;

/**
 * A column named with its table (or an alias of it): drizzle writes bare column names in a
 * one-table select, which a subquery over tables with columns of the same name would misread.
 */
const qualified = (column: SQLiteColumn, table = getTableName(column.table)) => sql.raw(`"${table}"."${column.name}"`);
const history = (column: SQLiteColumn) => qualified(column);

/**
 * An appointment's diagnoses. A row written before the catalog (migration 0011) has only its
 * diagnosis_ids: each answers as {code, name}, named from the catalog when it is one of its codes,
 * otherwise by its own stored text, so nothing written then is lost or renamed. As JSON text.
 */
function diagnosesOfHistory(json: JsonSql): SQL<Diagnosis[]> {
  const stored = history(clinicalHistories.diagnoses);
  const ids = history(clinicalHistories.diagnosisIds);
  const name = sql`coalesce(${qualified(diagnoses.nameEs, 'd')}, stored.value)`;
  const namedByKey = sql`coalesce((select ${qualified(diagnoses.nameEs, 'd')} from ${diagnoses} as d where ${qualified(diagnoses.code, 'd')} = stored.value), stored.value)`;
  const fromIds =
    json.engine === 'sqlite'
      ? sql`case when json_array_length(${stored}) = 0 and json_array_length(${ids}) > 0
  then (select json_group_array(json_object('code', stored.value, 'name', ${name}) order by stored.key)
        from json_each(${ids}) as stored left join ${diagnoses} as d on ${qualified(diagnoses.code, 'd')} = stored.value)`
      : // Each code named by a point read of the catalog's key: joined instead, PostgreSQL guesses a
        // hundred codes a row and hashes the whole catalog for every appointment (8 ms each).
        sql`case when json_array_length(${stored}::json) = 0 and json_array_length(${ids}::json) > 0
  then (select ${json.text(json.array(sql`json_build_object('code', stored.value, 'name', ${namedByKey})`, sql`stored.key`))}
        from json_array_elements_text(${ids}::json) with ordinality as stored(value, key))`;
  return sql`(${fromIds}
  else ${stored} end)`.mapWith((text: string) => parseJson<Diagnosis[]>(text));
}

/** Who holds the appointment: the medic who created it (null once that medic's account is gone). As JSON text. */
const medicOfHistory = (json: JsonSql) =>
  sql`(select ${json.text(json.object({ idMedic: qualified(medics.id, 'm'), name: qualified(users.name, 'u'), lname: qualified(users.lname, 'u') }))}
  from ${medics} as m join ${users} as u on ${qualified(users.id, 'u')} = ${qualified(medics.userId, 'm')}
  where ${qualified(medics.id, 'm')} = ${history(clinicalHistories.medicId)})`.mapWith((text: string) => parseJson<NonNullable<ClinicalHistory['medic']>>(text));

/** One key of a JSON snapshot column, as SQL text or null. */
const snapshotKey = (json: JsonSql, column: SQL, key: string) =>
  json.engine === 'sqlite' ? sql`(${column} ->> ${sql.raw(`'$.${key}'`)})` : sql`(${column}::json ->> ${sql.raw(`'${key}'`)})`;

const inPrescription = (column: SQLiteColumn) => qualified(column, 'p');
const inItem = (column: SQLiteColumn) => qualified(column, 'i');

/** A prescription's items in their order on it (PrescriptionItem of API.md). */
const itemsOfPrescription = (json: JsonSql) => sql`(select ${json.array(
  json.object({
    drug: inItem(prescriptionItems.drug),
    strength: inItem(prescriptionItems.strength),
    form: inItem(prescriptionItems.form),
    route: inItem(prescriptionItems.route),
    presentation: inItem(prescriptionItems.presentation),
    packages: inItem(prescriptionItems.packages),
    dose: inItem(prescriptionItems.dose),
    frequency: inItem(prescriptionItems.frequency),
    duration: inItem(prescriptionItems.duration),
    instructions: inItem(prescriptionItems.instructions),
  }),
  inItem(prescriptionItems.position),
)}
  from ${prescriptionItems} as i where ${inItem(prescriptionItems.prescriptionId)} = ${inPrescription(prescriptions.id)})`;

/**
 * Prescription, as JSON built in SQL from a row of `prescriptions as p`: the prescriber, patient
 * and practice as they were printed (the snapshots it was signed with), and its items. Every key is
 * named here, so a snapshot can never answer more than the shape says.
 */
function prescriptionObject(json: JsonSql): SQL {
  const prescriber = inPrescription(prescriptions.prescriber);
  const patient = inPrescription(prescriptions.patient);
  const practice = inPrescription(prescriptions.practice);
  const key = (column: SQL, name: string) => snapshotKey(json, column, name);
  return json.object({
    idPrescription: inPrescription(prescriptions.id),
    idHistory: inPrescription(prescriptions.historyId),
    number: inPrescription(prescriptions.number),
    issuedAt: inPrescription(prescriptions.issuedAt),
    medic: json.object({
      idMedic: inPrescription(prescriptions.medicId),
      name: key(prescriber, 'name'),
      lname: key(prescriber, 'lname'),
      specialty: key(prescriber, 'specialty'),
      licenseNumber: key(prescriber, 'licenseNumber'),
    }),
    patient: json.object({
      idPatient: inPrescription(prescriptions.patientId),
      name: key(patient, 'name'),
      lname: key(patient, 'lname'),
      birthDate: key(patient, 'birthDate'),
      documentNumber: key(patient, 'documentNumber'),
    }),
    practice: json.object({
      name: key(practice, 'name'),
      address: key(practice, 'address'),
      city: key(practice, 'city'),
      phone: key(practice, 'phone'),
    }),
    diagnoses: json.embed(inPrescription(prescriptions.diagnoses)),
    // A subquery's value reaches json_object as text: json() makes it JSON again.
    items: json.embed(itemsOfPrescription(json)),
    notes: inPrescription(prescriptions.notes),
    voidedAt: inPrescription(prescriptions.voidedAt),
    voidReason: inPrescription(prescriptions.voidReason),
  });
}

const inAddendum = (column: SQLiteColumn) => qualified(column, 'a');

/** Addendum, as JSON built in SQL from a row of `addenda as a`, signed with the name its author had then. */
const addendumObject = (json: JsonSql) =>
  json.object({
    idAddendum: inAddendum(addenda.id),
    at: inAddendum(addenda.at),
    medic: json.object({ idMedic: inAddendum(addenda.medicId), name: inAddendum(addenda.medicName), lname: inAddendum(addenda.medicLname) }),
    text: inAddendum(addenda.text),
  });

const byEngine = <T>(build: (json: JsonSql) => T): Record<EngineName, T> => ({ sqlite: build(sqliteJson), postgres: build(postgresJson) });

const prescriptionJsons = byEngine((json) => json.text(prescriptionObject(json)).mapWith((text: string) => parseJson<Prescription>(text)));
/** A Prescription read from a row of `prescriptions as p`, for `db`'s engine. */
export const prescriptionJsonOf = (db: DbOrTx) => prescriptionJsons[engineNameOf(db)];

const addendumJsons = byEngine((json) => json.text(addendumObject(json)).mapWith((text: string) => parseJson<Addendum>(text)));
/** An Addendum read from a row of `addenda as a`, for `db`'s engine. */
export const addendumJsonOf = (db: DbOrTx) => addendumJsons[engineNameOf(db)];

// One statement per record whatever its length: each appointment's prescriptions and addenda are
// correlated subqueries over their (history_id) indexes, in the order they were written.
const prescriptionsOfHistory = (json: JsonSql) =>
  sql`(select ${json.text(json.array(json.embed(prescriptionObject(json)), inPrescription(prescriptions.id)))}
  from ${prescriptions} as p where ${inPrescription(prescriptions.historyId)} = ${history(clinicalHistories.id)})`.mapWith((text: string) =>
    parseJson<Prescription[]>(text),
  );
const addendaOfHistory = (json: JsonSql) =>
  sql`(select ${json.text(json.array(json.embed(addendumObject(json)), inAddendum(addenda.id)))}
  from ${addenda} as a where ${inAddendum(addenda.historyId)} = ${history(clinicalHistories.id)})`.mapWith((text: string) => parseJson<Addendum[]>(text));

/**
 * Whether an appointment was written after its day: the practice's day of the first save against
 * the appointment's day (API.md "Conventions"). As the text 'true' or 'false', so that the lists
 * built as JSON in SQL (record-lists-json.ts) read it as a JSON boolean too. SQLite's 'localtime'
 * is the process's TZ, the practice's time zone; PostgreSQL is told that zone (`timeZone`, an
 * IANA name), since its session's zone is the database server's.
 */
function lateEntry(json: JsonSql, timeZone: SQL) {
  const late =
    json.engine === 'sqlite'
      ? sql<boolean>`iif(date(${clinicalHistories.createdAt}, 'localtime') > substr(${clinicalHistories.date}, 1, 10), 'true', 'false')`
      : sql<boolean>`(case when to_char((${clinicalHistories.createdAt})::timestamptz at time zone ${timeZone}, 'YYYY-MM-DD') > substr(${clinicalHistories.date}, 1, 10) then 'true' else 'false' end)`;
  return late.mapWith((value: unknown) => value === 'true');
}

/** The process's time zone (TZ), the practice's, as an IANA name PostgreSQL knows. */
export const practiceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The practice's time zone as a value bound when the statement runs (TZ may be set after this module loads). */
const practiceTimeZoneParam = sql`${sql.param('TZ', { mapToDriverValue: () => practiceTimeZone() })}::text`;

/**
 * ClinicalHistory. Its SQL fields (diagnoses, medic, prescriptions, addenda) are JSON text built in
 * SQL: the drizzle select parses it, and the record's lists (record-lists-json.ts) embed it as
 * JSON. `timeZone` is the practice's zone as PostgreSQL's statement gets it (unused on SQLite).
 */
export const historyColumnsWith = (json: JsonSql, timeZone: SQL) => ({
  idHistory: clinicalHistories.id,
  idPatient: clinicalHistories.patientId,
  idMedic: clinicalHistories.medicId,
  date: clinicalHistories.date,
  start: clinicalHistories.start,
  end: clinicalHistories.end,
  motive: clinicalHistories.motive,
  notes: clinicalHistories.notes,
  medications: clinicalHistories.medications,
  diagnosisIds: clinicalHistories.diagnosisIds,
  subjective: clinicalHistories.subjective,
  exploration: clinicalHistories.exploration,
  plan: clinicalHistories.plan,
  prognosis: clinicalHistories.prognosis,
  diagnoses: diagnosesOfHistory(json),
  medic: medicOfHistory(json),
  closed: clinicalHistories.closed,
  prescriptions: prescriptionsOfHistory(json),
  addenda: addendaOfHistory(json),
  writtenAt: clinicalHistories.createdAt,
  lateEntry: lateEntry(json, timeZone),
});

const historyColumnsByEngine = byEngine((json) => historyColumnsWith(json, practiceTimeZoneParam));
/** ClinicalHistory, for a drizzle select on `db`'s engine. */
export const historyColumnsOf = (db: DbOrTx) => historyColumnsByEngine[engineNameOf(db)];

/** File (a document of the record). */
export const fileColumns = {
  idFile: files.id,
  name: files.name,
  date: files.createdAt,
  mainType: files.mainType,
  code: files.code,
  comment: files.comment,
  size: files.size,
  mimeType: files.mimeType,
};
