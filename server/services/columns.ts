// The columns that make up each API shape, selected the same way wherever that shape is read.
// SQLite dialect: the JSON shapes below are built by SQLite's JSON functions (json_object,
// json_group_array, json_each, json(), ->>) and the late-entry flag by iif and date(…, 'localtime').
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Diagnosis } from '../../shared/catalog';
import type { Addendum, Prescription } from '../../shared/prescriptions';
import type { ClinicalHistory } from '../../shared/record';
import { addenda, clinicalHistories, diagnoses, files, medics, patients, prescriptionItems, prescriptions, users } from '../db/schema/index';

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
 * otherwise by its own stored text, so nothing written then is lost or renamed.
 */
// SQLite dialect: json_array_length, json_group_array, json_object, json_each.
const diagnosesOfHistory = sql`(case when json_array_length(${history(clinicalHistories.diagnoses)}) = 0 and json_array_length(${history(clinicalHistories.diagnosisIds)}) > 0
  then (select json_group_array(json_object('code', stored.value, 'name', coalesce(${qualified(diagnoses.nameEs, 'd')}, stored.value)) order by stored.key)
        from json_each(${history(clinicalHistories.diagnosisIds)}) as stored left join ${diagnoses} as d on ${qualified(diagnoses.code, 'd')} = stored.value)
  else ${history(clinicalHistories.diagnoses)} end)`.mapWith((text: string) => parseJson<Diagnosis[]>(text));

/** Who holds the appointment: the medic who created it (null once that medic's account is gone). */
const medicOfHistory = sql`(select json_object('idMedic', ${qualified(medics.id, 'm')}, 'name', ${qualified(users.name, 'u')}, 'lname', ${qualified(users.lname, 'u')})
  from ${medics} as m join ${users} as u on ${qualified(users.id, 'u')} = ${qualified(medics.userId, 'm')}
  where ${qualified(medics.id, 'm')} = ${history(clinicalHistories.medicId)})`.mapWith((text: string) => parseJson<NonNullable<ClinicalHistory['medic']>>(text));

/** A json_object of literal keys (never bound values: the record lists statement has none). SQLite dialect. */
const jsonObjectOf = (fields: Record<string, SQL>) =>
  sql`json_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;

/** One key of a JSON snapshot column, as SQL text or null. SQLite dialect: `->>` with a '$.key' path. */
const snapshotKey = (column: SQL, key: string) => sql`(${column} ->> ${sql.raw(`'$.${key}'`)})`;

const inPrescription = (column: SQLiteColumn) => qualified(column, 'p');
const inItem = (column: SQLiteColumn) => qualified(column, 'i');

/** A prescription's items in their order on it (PrescriptionItem of API.md). */
const itemsOfPrescription = sql`(select json_group_array(${jsonObjectOf({
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
})} order by ${inItem(prescriptionItems.position)})
  from ${prescriptionItems} as i where ${inItem(prescriptionItems.prescriptionId)} = ${inPrescription(prescriptions.id)})`;

/**
 * Prescription, as JSON built by SQLite from a row of `prescriptions as p`: the prescriber, patient
 * and practice as they were printed (the snapshots it was signed with), and its items. Every key is
 * named here, so a snapshot can never answer more than the shape says.
 */
export const prescriptionJson = (() => {
  const prescriber = inPrescription(prescriptions.prescriber);
  const patient = inPrescription(prescriptions.patient);
  const practice = inPrescription(prescriptions.practice);
  return jsonObjectOf({
    idPrescription: inPrescription(prescriptions.id),
    idHistory: inPrescription(prescriptions.historyId),
    number: inPrescription(prescriptions.number),
    issuedAt: inPrescription(prescriptions.issuedAt),
    medic: jsonObjectOf({
      idMedic: inPrescription(prescriptions.medicId),
      name: snapshotKey(prescriber, 'name'),
      lname: snapshotKey(prescriber, 'lname'),
      specialty: snapshotKey(prescriber, 'specialty'),
      licenseNumber: snapshotKey(prescriber, 'licenseNumber'),
    }),
    patient: jsonObjectOf({
      idPatient: inPrescription(prescriptions.patientId),
      name: snapshotKey(patient, 'name'),
      lname: snapshotKey(patient, 'lname'),
      birthDate: snapshotKey(patient, 'birthDate'),
      documentNumber: snapshotKey(patient, 'documentNumber'),
    }),
    practice: jsonObjectOf({
      name: snapshotKey(practice, 'name'),
      address: snapshotKey(practice, 'address'),
      city: snapshotKey(practice, 'city'),
      phone: snapshotKey(practice, 'phone'),
    }),
    diagnoses: sql`json(${inPrescription(prescriptions.diagnoses)})`,
    // A subquery's value reaches json_object as text: json() makes it JSON again.
    items: sql`json(${itemsOfPrescription})`,
    notes: inPrescription(prescriptions.notes),
    voidedAt: inPrescription(prescriptions.voidedAt),
    voidReason: inPrescription(prescriptions.voidReason),
  }).mapWith((text: string) => parseJson<Prescription>(text));
})();

const inAddendum = (column: SQLiteColumn) => qualified(column, 'a');

/** Addendum, as JSON built by SQLite from a row of `addenda as a`, signed with the name its author had then. */
export const addendumJson = jsonObjectOf({
  idAddendum: inAddendum(addenda.id),
  at: inAddendum(addenda.at),
  medic: jsonObjectOf({ idMedic: inAddendum(addenda.medicId), name: inAddendum(addenda.medicName), lname: inAddendum(addenda.medicLname) }),
  text: inAddendum(addenda.text),
}).mapWith((text: string) => parseJson<Addendum>(text));

// One statement per record whatever its length: each appointment's prescriptions and addenda are
// correlated subqueries over their (history_id) indexes, in the order they were written.
const prescriptionsOfHistory = sql`(select json_group_array(json(${prescriptionJson}) order by ${inPrescription(prescriptions.id)})
  from ${prescriptions} as p where ${inPrescription(prescriptions.historyId)} = ${history(clinicalHistories.id)})`.mapWith((text: string) =>
  parseJson<Prescription[]>(text),
);
const addendaOfHistory = sql`(select json_group_array(json(${addendumJson}) order by ${inAddendum(addenda.id)})
  from ${addenda} as a where ${inAddendum(addenda.historyId)} = ${history(clinicalHistories.id)})`.mapWith((text: string) => parseJson<Addendum[]>(text));

/**
 * ClinicalHistory. Its SQL fields (diagnoses, medic, prescriptions, addenda) are JSON text that
 * SQLite builds: the drizzle select parses it, and the record's lists (record-lists-json.ts) embed
 * it as JSON.
 */
export const historyColumns = {
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
  diagnoses: diagnosesOfHistory,
  medic: medicOfHistory,
  closed: clinicalHistories.closed,
  prescriptions: prescriptionsOfHistory,
  addenda: addendaOfHistory,
  writtenAt: clinicalHistories.createdAt,
  // The practice's day of the first save against the appointment's day; SQLite's 'localtime' is the
  // process's TZ, the practice's time zone (API.md "Conventions"). As the text 'true' or 'false', so
  // that the lists built as JSON in SQL (record-lists-json.ts) read it as a JSON boolean too.
  // SQLite dialect: iif and date(…, 'localtime').
  lateEntry: sql<boolean>`iif(date(${clinicalHistories.createdAt}, 'localtime') > substr(${clinicalHistories.date}, 1, 10), 'true', 'false')`.mapWith(
    (value: unknown) => value === 'true',
  ),
};

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
