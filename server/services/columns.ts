// The columns that make up each API shape, selected the same way wherever that shape is read.
import { getTableName, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Diagnosis } from '../../shared/catalog';
import type { ClinicalHistory } from '../../shared/record';
import { clinicalHistories, diagnoses, files, medics, patients, users } from '../db/schema/index';

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
const diagnosesOfHistory = sql`(case when json_array_length(${history(clinicalHistories.diagnoses)}) = 0 and json_array_length(${history(clinicalHistories.diagnosisIds)}) > 0
  then (select json_group_array(json_object('code', stored.value, 'name', coalesce(${qualified(diagnoses.nameEs, 'd')}, stored.value)) order by stored.key)
        from json_each(${history(clinicalHistories.diagnosisIds)}) as stored left join ${diagnoses} as d on ${qualified(diagnoses.code, 'd')} = stored.value)
  else ${history(clinicalHistories.diagnoses)} end)`.mapWith((text: string) => parseJson<Diagnosis[]>(text));

/** Who holds the appointment: the medic who created it (null once that medic's account is gone). */
const medicOfHistory = sql`(select json_object('idMedic', ${qualified(medics.id, 'm')}, 'name', ${qualified(users.name, 'u')}, 'lname', ${qualified(users.lname, 'u')})
  from ${medics} as m join ${users} as u on ${qualified(users.id, 'u')} = ${qualified(medics.userId, 'm')}
  where ${qualified(medics.id, 'm')} = ${history(clinicalHistories.medicId)})`.mapWith((text: string) => parseJson<NonNullable<ClinicalHistory['medic']>>(text));

/**
 * ClinicalHistory. Its two SQL fields (diagnoses, medic) are JSON text that SQLite builds: the
 * drizzle select parses it, and the record's lists (record-lists-json.ts) embed it as JSON.
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
