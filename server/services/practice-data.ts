// The practice's own data for printed documents (API.md "The clinical day": Practice): one row, id 1,
// written by the administrator. A practice that never saved a name prints PRACTICE_NAME, else the
// app's name, so a receta always has a header. It holds no patient data: reading it is not audited.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Practice, practiceInput, PracticeSettings } from '../../shared/prescriptions';
import type { DbOrTx } from '../db/client';
import { practice } from '../db/schema/index';
import { auditedChange } from './audited-change';
import type { Caller } from './caller';

/** The one row the practice's data lives in. */
const PRACTICE_ROW = 1;
const APP_NAME = 'Expediente';

type PracticeChanges = z.output<typeof practiceInput>;

/** The name saved by the administrator, if any (null until one is saved). */
export async function storedPracticeName(db: DbOrTx): Promise<string | null> {
  return (await db.select({ name: practice.name }).from(practice).where(eq(practice.id, PRACTICE_ROW)))[0]?.name ?? null;
}

/** Practice as GET /practice answers it and a prescription prints it. `defaultName` is PRACTICE_NAME. */
export async function readPractice(db: DbOrTx, defaultName: string | undefined): Promise<Practice> {
  const [row] = await db.select().from(practice).where(eq(practice.id, PRACTICE_ROW));
  return {
    name: row?.name ?? (defaultName || APP_NAME),
    address: row?.address ?? null,
    city: row?.city ?? null,
    phone: row?.phone ?? null,
  };
}

/** GET /practice: the printed data and the practice's rules (the second-factor policy). */
export async function readPracticeSettings(db: DbOrTx, defaultName: string | undefined): Promise<PracticeSettings> {
  const [policy] = await db.select({ requireTwoFactorForMedics: practice.requireTwoFactorForMedics }).from(practice).where(eq(practice.id, PRACTICE_ROW));
  return { ...(await readPractice(db, defaultName)), requireTwoFactorForMedics: policy?.requireTwoFactorForMedics ?? false };
}

/** The audit trail names the fields changed, and a policy with the value it was set to. */
const changedFields = (set: Partial<PracticeChanges>): string | null =>
  Object.entries(set)
    .map(([key, value]) => (typeof value === 'boolean' ? `${key}=${value}` : key))
    .join(',') || null;

/** PATCH /admin/practice: fields left out stay; a blank one is cleared (the name then falls back). */
export async function updatePractice(caller: Caller, changes: PracticeChanges, defaultName: string | undefined): Promise<PracticeSettings> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<PracticeChanges>;
  const updatedAt = caller.now.toISOString();
  return await auditedChange(caller, { action: 'admin.updatePractice' }, async (tx, succeeded) => {
    await tx
      .insert(practice)
      .values({ id: PRACTICE_ROW, ...set, updatedAt })
      .onConflictDoUpdate({ target: practice.id, set: { ...set, updatedAt } });
    await succeeded({ detail: changedFields(set) });
    return await readPracticeSettings(tx, defaultName);
  });
}
