// Addenda: a dated correction written beside an appointment's note, which is never altered,
// any day, by a linked medic. A procedure of the clinicalHistory router (API.md "The clinical day"),
// spread into it by clinical-history.ts; services/addenda.ts holds the rules.
import { z } from 'zod';
import { idSchema } from '../../../shared/fields';
import { addendumInput } from '../../../shared/prescriptions';
import { addAddendum } from '../../services/addenda';
import { callerOf } from '../caller';
import { medicProcedure } from '../trpc';

const historyIdInput = z.object({ idHistory: idSchema });

export const addendumProcedures = {
  addAddendum: medicProcedure
    .input(historyIdInput)
    .input(addendumInput)
    .mutation(async ({ ctx, input }) => await addAddendum(callerOf(ctx), input.idHistory, input.text)),
};
