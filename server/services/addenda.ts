// Addenda (API.md "The clinical day"): NOM-004-SSA3-2012 forbids altering a note after the
// fact, so a correction is a dated note of its own, signed by its author, beside the original. Any
// day, by a medic linked to the patient; never edited nor deleted (there is no route for either,
// and migration 0013's triggers refuse both). It keeps the name its author signed with.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { localMoment } from '../../shared/dates';
import type { Addendum } from '../../shared/prescriptions';
import { addenda } from '../db/schema/index';
import { writableAppointment } from './appointments';
import { auditedChange } from './audited-change';
import type { MedicCaller } from './caller';
import { addendumJsonOf } from './columns';

const a = alias(addenda, 'a');

/** POST /clinical-history/:idHistory/addenda. */
export async function addAddendum(caller: MedicCaller, idHistory: number, text: string): Promise<Addendum> {
  const action = 'addendum.create';
  const appointment = await writableAppointment(caller, idHistory, action);
  return await auditedChange(caller, { action, patientId: appointment.idPatient }, async (tx, succeeded) => {
    const [inserted] = await tx
      .insert(addenda)
      .values({
        historyId: idHistory,
        patientId: appointment.idPatient,
        medicId: caller.actor.medicId,
        medicName: caller.actor.name,
        medicLname: caller.actor.lname,
        at: localMoment(caller.now),
        text,
      })
      .returning({ id: addenda.id });
    await succeeded({ detail: `appointment ${idHistory}` });
    return (await tx.select({ addendum: addendumJsonOf(tx) }).from(a).where(eq(a.id, inserted!.id)))[0]!.addendum;
  });
}
