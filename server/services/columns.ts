// The columns that make up each API shape, selected the same way wherever that shape is read.
import { clinicalHistories, files, medics, patients, users } from '../db/schema/index';

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

/** ClinicalHistory. */
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
