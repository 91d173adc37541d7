// The seven sub-record collections of a patient (allergies, pathological records, vitals, labs,
// vaccines, emergency contacts, family history) differ only in table, schema, id name and order;
// one definition each, and one set of add/edit/delete/list functions serves them all.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { z } from 'zod';
import {
  allergyFields,
  contactFields,
  familyHistoryFields,
  labAddFields,
  labUpdateFields,
  pathologicalRecordFields,
  vaccineFields,
  vitalFields,
  vitalUpdateFields,
  type Allergy,
  type Contact,
  type FamilyHistory,
  type Lab,
  type PathologicalRecord,
  type Vaccine,
  type Vital,
} from '../../shared/record';
import type { DbOrTx } from '../db/client';
import { localDay } from '../../shared/dates';
import { allergies, clinicalHistories, emergencyContacts, familyHistory, labs, pathologicalRecords, vaccines, vitals } from '../db/schema/index';
import { AppError } from '../errors';
import { auditedChange } from './audited-change';
import type { Caller } from './caller';

type RecordTable =
  | typeof allergies
  | typeof pathologicalRecords
  | typeof vitals
  | typeof labs
  | typeof vaccines
  | typeof emergencyContacts
  | typeof familyHistory;

type Fields = Record<string, unknown>;

export interface CollectionDef<
  Item = Fields,
  Add extends z.ZodType<Fields> = z.ZodType<Fields>,
  Update extends z.ZodType<Fields> = z.ZodType<Fields>,
> {
  /** The key in PatientDetail and the tRPC router name. */
  key: 'allergies' | 'pathologicalRecords' | 'vitals' | 'labs' | 'vaccines' | 'contacts' | 'familyHistory';
  /** The REST path segment under /patients/:idPatient/. */
  restPath: string;
  /** The item's id in the API (API.md "Shapes"). */
  idName: string;
  table: RecordTable;
  addSchema: Add;
  updateSchema: Update;
  /** Newest first. */
  order: (SQL | SQLiteColumn)[];
  /** A rule about the whole item, checked after an edit too. */
  check?: (item: Fields) => AppError | undefined;
  /** Items may belong to a consultation (idHistory): then they follow its lock (assertConsultationOpen). */
  ofConsultation?: true;
  /** Carries the item type for the procedures; never set. */
  readonly item?: Item;
}

const newestByDate = (table: typeof vitals | typeof labs | typeof vaccines) => [desc(table.date), desc(table.id)];

const define = <Item, Add extends z.ZodType<Fields>, Update extends z.ZodType<Fields>>(def: CollectionDef<Item, Add, Update>) => def;

export const allergiesDef = define<Allergy, typeof allergyFields, ReturnType<typeof allergyFields.partial>>({
  key: 'allergies',
  restPath: 'allergies',
  idName: 'idPatientAllergy',
  table: allergies,
  addSchema: allergyFields,
  updateSchema: allergyFields.partial(),
  order: [desc(allergies.id)],
});

export const pathologicalRecordsDef = define<PathologicalRecord, typeof pathologicalRecordFields, ReturnType<typeof pathologicalRecordFields.partial>>({
  key: 'pathologicalRecords',
  restPath: 'pathological-records',
  idName: 'idRecord',
  table: pathologicalRecords,
  addSchema: pathologicalRecordFields,
  updateSchema: pathologicalRecordFields.partial(),
  // Records without a diagnosis date come after the dated ones.
  order: [sql`${pathologicalRecords.diagnosisDate} is null`, desc(pathologicalRecords.diagnosisDate), desc(pathologicalRecords.id)],
});

export const vitalsDef = define<Vital, typeof vitalFields, typeof vitalUpdateFields>({
  key: 'vitals',
  restPath: 'vitals',
  idName: 'idVital',
  table: vitals,
  addSchema: vitalFields,
  updateSchema: vitalUpdateFields,
  order: newestByDate(vitals),
  ofConsultation: true,
});

export const labsDef = define<Lab, typeof labAddFields, typeof labUpdateFields>({
  key: 'labs',
  restPath: 'labs',
  idName: 'idLabs',
  table: labs,
  addSchema: labAddFields,
  updateSchema: labUpdateFields,
  order: newestByDate(labs),
  ofConsultation: true,
  check: (lab) =>
    lab.testName || lab.value
      ? undefined
      : new AppError('VALIDATION_FAILED', 'A lab result needs a test name or a value.', [
          { path: 'testName', message: 'validation.labNameOrValue' },
        ]),
});

export const vaccinesDef = define<Vaccine, typeof vaccineFields, ReturnType<typeof vaccineFields.partial>>({
  key: 'vaccines',
  restPath: 'vaccines',
  idName: 'idVaccine',
  table: vaccines,
  addSchema: vaccineFields,
  updateSchema: vaccineFields.partial(),
  order: newestByDate(vaccines),
});

export const contactsDef = define<Contact, typeof contactFields, ReturnType<typeof contactFields.partial>>({
  key: 'contacts',
  restPath: 'contacts',
  idName: 'idContact',
  table: emergencyContacts,
  addSchema: contactFields,
  updateSchema: contactFields.partial(),
  order: [desc(emergencyContacts.id)],
});

export const familyHistoryDef = define<FamilyHistory, typeof familyHistoryFields, ReturnType<typeof familyHistoryFields.partial>>({
  key: 'familyHistory',
  restPath: 'family-history',
  idName: 'idFamilyHistory',
  table: familyHistory,
  addSchema: familyHistoryFields,
  updateSchema: familyHistoryFields.partial(),
  order: [desc(familyHistory.id)],
});

export const collections = [allergiesDef, pathologicalRecordsDef, vitalsDef, labsDef, vaccinesDef, contactsDef, familyHistoryDef] as const;

type Row = Fields & { id: number; patientId: number };

/** Row → API item: the id under its API name, lab contentId as idContent, no bookkeeping columns. */
function toItem<Item>(def: CollectionDef<Item>, row: Row): Record<string, unknown> {
  const { id, patientId: _patientId, createdAt: _createdAt, contentId, ...fields } = row;
  return { [def.idName]: id, ...(def.key === 'labs' ? { idContent: contentId ?? null } : {}), ...fields };
}

/** API fields → columns. */
function toColumns<Item>(def: CollectionDef<Item>, fields: Record<string, unknown>): Record<string, unknown> {
  if (def.key !== 'labs' || !('idContent' in fields)) return fields;
  const { idContent, ...rest } = fields;
  return { ...rest, contentId: idContent };
}

// Drizzle's builders cannot take a union of tables; the casts stay in this file.
type AnyTable = typeof allergies;
const asTable = <Item>(def: CollectionDef<Item>) => def.table as unknown as AnyTable;

/**
 * A vital sign or lab result recorded at a consultation is created, edited or deleted on that
 * consultation's day only, as its note is (API.md "A consultation that stays as it was written"):
 * later measurements are entries of their own, never shown inside an earlier note.
 */
async function assertConsultationOpen(db: DbOrTx, patientId: number, idHistory: number, now: Date): Promise<void> {
  const [consultation] = await db
    .select({ date: clinicalHistories.date, patientId: clinicalHistories.patientId })
    .from(clinicalHistories)
    .where(eq(clinicalHistories.id, idHistory));
  if (!consultation || consultation.patientId !== patientId) throw new AppError('NOT_FOUND', 'No such appointment in this patient\'s record.');
  if (consultation.date.slice(0, 10) !== localDay(now)) {
    throw new AppError('APPOINTMENT_LOCKED', "A measurement of a consultation is recorded, changed or deleted on the consultation's day only; record a new one instead.");
  }
}

const consultationOf = (row: Row): number | null => (typeof row.idHistory === 'number' ? row.idHistory : null);

export async function addItem<Item>(db: DbOrTx, def: CollectionDef<Item>, patientId: number, fields: Fields, now = new Date()): Promise<Item> {
  const failed = def.check?.(fields);
  if (failed) throw failed;
  if (def.ofConsultation && typeof fields.idHistory === 'number') await assertConsultationOpen(db, patientId, fields.idHistory, now);
  const table = asTable(def);
  const [row] = await db
    .insert(table)
    .values({ ...(toColumns(def, fields) as typeof table.$inferInsert), patientId })
    .returning();
  return toItem(def, row as unknown as Row) as Item;
}

/** Edits an item of this patient; an item of another patient is NOT_FOUND, whatever its id. */
export async function updateItem<Item>(db: DbOrTx, def: CollectionDef<Item>, patientId: number, itemId: number, fields: Fields, now = new Date()): Promise<Item> {
  const table = asTable(def);
  const where = and(eq(table.id, itemId), eq(table.patientId, patientId));
  const current = (await db.select().from(table).where(where))[0] as unknown as Row | undefined;
  if (!current) throw new AppError('NOT_FOUND', `No such item in this patient's ${def.restPath}.`);
  const consultation = def.ofConsultation ? consultationOf(current) : null;
  if (consultation !== null) await assertConsultationOpen(db, patientId, consultation, now);
  const failed = def.check?.({ ...toItem(def, current), ...fields });
  if (failed) throw failed;
  if (Object.keys(fields).length === 0) return toItem(def, current) as Item;
  const [row] = await db.update(table).set(toColumns(def, fields)).where(where).returning();
  return toItem(def, row as unknown as Row) as Item;
}

export async function removeItem<Item>(db: DbOrTx, def: CollectionDef<Item>, patientId: number, itemId: number, now = new Date()): Promise<void> {
  const table = asTable(def);
  if (def.ofConsultation) {
    const current = (await db.select().from(table).where(and(eq(table.id, itemId), eq(table.patientId, patientId))))[0] as unknown as Row | undefined;
    const consultation = current ? consultationOf(current) : null;
    if (consultation !== null) await assertConsultationOpen(db, patientId, consultation, now);
  }
  const removed = await db.delete(table).where(and(eq(table.id, itemId), eq(table.patientId, patientId))).returning({ id: table.id });
  if (!removed.length) throw new AppError('NOT_FOUND', `No such item in this patient's ${def.restPath}.`);
}

/**
 * Adding, editing and removing one item, each with its audit event in the same transaction. An item
 * or consultation not found, or locked, is refused by the procedure's own refusal audit, as ever.
 */
export async function addRecordItem<Item>(caller: Caller, def: CollectionDef<Item>, patientId: number, fields: Fields): Promise<Item> {
  return await auditedChange(caller, { action: `${def.key}.add`, patientId, auditRefusal: false }, async (tx, succeeded) => {
    const item = await addItem(tx, def, patientId, fields, caller.now);
    await succeeded();
    return item;
  });
}

export async function updateRecordItem<Item>(caller: Caller, def: CollectionDef<Item>, patientId: number, itemId: number, fields: Fields): Promise<Item> {
  return await auditedChange(caller, { action: `${def.key}.update`, patientId, auditRefusal: false }, async (tx, succeeded) => {
    const item = await updateItem(tx, def, patientId, itemId, fields, caller.now);
    await succeeded({ detail: `${def.idName} ${itemId}` });
    return item;
  });
}

export async function removeRecordItem<Item>(caller: Caller, def: CollectionDef<Item>, patientId: number, itemId: number): Promise<void> {
  await auditedChange(caller, { action: `${def.key}.remove`, patientId, auditRefusal: false }, async (tx, succeeded) => {
    await removeItem(tx, def, patientId, itemId, caller.now);
    await succeeded({ detail: `${def.idName} ${itemId}` });
  });
}
