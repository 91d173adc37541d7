// Prescriptions, issued on the appointment's day and voided only by their author that
// day, never edited or deleted. They are procedures of the clinicalHistory router (API.md "The
// clinical day"), spread into it by clinical-history.ts; services/prescriptions.ts holds the rules.
import { z } from 'zod';
import { idSchema } from '../../../shared/fields';
import { prescriptionInput, voidPrescriptionInput } from '../../../shared/prescriptions';
import { issuePrescription, readPrescription, voidPrescription } from '../../services/prescriptions';
import { callerOf } from '../caller';
import { medicProcedure, userProcedure } from '../trpc';

const historyIdInput = z.object({ idHistory: idSchema });
const prescriptionIdInput = z.object({ idPrescription: idSchema });

export const prescriptionProcedures = {
  prescribe: medicProcedure
    .input(historyIdInput)
    .input(prescriptionInput)
    .mutation(async ({ ctx, input }) => {
      const { idHistory, ...prescription } = input;
      return await issuePrescription(callerOf(ctx), idHistory, prescription, ctx.deps.config.practiceName);
    }),

  /** A linked medic (full or emergency access) or the patient it belongs to. */
  prescription: userProcedure.input(prescriptionIdInput).query(async ({ ctx, input }) => await readPrescription(callerOf(ctx), input.idPrescription)),

  voidPrescription: medicProcedure
    .input(prescriptionIdInput)
    .input(voidPrescriptionInput)
    .mutation(async ({ ctx, input }) => await voidPrescription(callerOf(ctx), input.idPrescription, input.reason)),
};
