// A medic's own profile (PATCH /medics/me): the Doctor fields a patient's doctor card shows, and the
// specialty and licence number that prescriptions print (and without which none can be issued).
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Doctor, medicProfileInput } from '../../shared/patients';
import type { DbOrTx } from '../db/client';
import { auditedChange } from './audited-change';
import type { MedicCaller } from './caller';
import { medics, users } from '../db/schema/index';
import { doctorColumns } from './columns';

type ProfileChanges = z.output<typeof medicProfileInput>;

export const medicProfile = async (db: DbOrTx, medicId: number): Promise<Doctor> =>
  (await db.select(doctorColumns).from(medics).innerJoin(users, eq(users.id, medics.userId)).where(eq(medics.id, medicId)))[0]!;

/** Fields left out stay as they are; a blank optional field is cleared. */
export async function updateMedicProfile(caller: MedicCaller, changes: ProfileChanges): Promise<Doctor> {
  const { actor: medic } = caller;
  const defined = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
  const account = defined({ name: changes.name, lname: changes.lname, phone: changes.phone, address: changes.address });
  const card = defined({ whatsapp: changes.whatsapp, about: changes.about, specialty: changes.specialty, licenseNumber: changes.licenseNumber });
  return await auditedChange(caller, { action: 'medics.updateProfile' }, async (tx, succeeded) => {
    if (Object.keys(account).length) await tx.update(users).set(account).where(eq(users.id, medic.userId));
    if (Object.keys(card).length) await tx.update(medics).set(card).where(eq(medics.id, medic.medicId));
    await succeeded({ detail: [...Object.keys(account), ...Object.keys(card)].join(',') || null });
    return await medicProfile(tx, medic.medicId);
  });
}
