// add, update and remove for one sub-record collection; the service audits each in its transaction.
import { z } from 'zod';
import { idSchema } from '../../../shared/fields';
import { addRecordItem, removeRecordItem, updateRecordItem, type CollectionDef } from '../../services/record-collections';
import { callerOf } from '../caller';
import { linkedPatientProcedure } from '../patient-scoped';
import { router } from '../trpc';

const itemIdInput = z.object({ itemId: idSchema });

type Fields = Record<string, unknown>;

/** The item's own fields, without the ids that came with them. */
const fieldsOf = (input: Fields): Fields => {
  const { idPatient: _idPatient, itemId: _itemId, ...fields } = input;
  return fields;
};

// Generic in the item only: tRPC cannot resolve its input checks on a generic schema type.
export function collectionRouter<Item>(def: CollectionDef<Item, z.ZodType<Fields>, z.ZodType<Fields>>) {
  return router({
    add: linkedPatientProcedure
      .input(def.addSchema)
      .mutation(async ({ ctx, input }) => await addRecordItem(callerOf(ctx), def, input.idPatient, fieldsOf(input))),
    update: linkedPatientProcedure
      .input(itemIdInput)
      .input(def.updateSchema)
      .mutation(async ({ ctx, input }) => await updateRecordItem(callerOf(ctx), def, input.idPatient, input.itemId, fieldsOf(input))),
    remove: linkedPatientProcedure.input(itemIdInput).mutation(async ({ ctx, input }) => {
      await removeRecordItem(callerOf(ctx), def, input.idPatient, input.itemId);
      return null;
    }),
  });
}
