// Appointments: create for a linked patient; edit and delete only on their own day (or a later one);
// and what is written at one and kept for good: prescriptions (prescriptions.ts) and addenda (addenda.ts).
import { z } from 'zod';
import { idSchema } from '../../../shared/fields';
import { appointmentFields, appointmentUpdateFields } from '../../../shared/record';
import { createAppointment, deleteAppointment, updateAppointment } from '../../services/appointments';
import { linkedPatientProcedure } from '../patient-scoped';
import { medicProcedure, router } from '../trpc';
import { callerOf } from '../caller';
import { addendumProcedures } from './addenda';
import { prescriptionProcedures } from './prescriptions';

const historyIdInput = z.object({ idHistory: idSchema });

export const clinicalHistoryRouter = router({
  create: linkedPatientProcedure.input(appointmentFields).mutation(async ({ ctx, input }) => {
    const { idPatient, ...fields } = input;
    return await createAppointment(callerOf(ctx), idPatient, fields);
  }),

  update: medicProcedure
    .input(historyIdInput)
    .input(appointmentUpdateFields)
    .mutation(async ({ ctx, input }) => {
      const { idHistory, ...changes } = input;
      return await updateAppointment(callerOf(ctx), idHistory, changes);
    }),

  remove: medicProcedure.input(historyIdInput).mutation(async ({ ctx, input }) => {
    await deleteAppointment(callerOf(ctx), input.idHistory);
    return null;
  }),

  ...prescriptionProcedures,
  ...addendumProcedures,
});
