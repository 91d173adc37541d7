// add, update and remove for one sub-record collection; every call is audited.
import { z } from 'zod';
import { idSchema } from '../../../shared/fields';
import { addItem, removeItem, updateItem, type CollectionDef } from '../../services/record-collections';
import { linkedPatientProcedure } from '../patient-scoped';
import { router } from '../trpc';
import { audit } from '../audit';

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
    add: linkedPatientProcedure.input(def.addSchema).mutation(({ ctx, input }) => {
      return ctx.deps.db.transaction((tx) => {
        const item = addItem(tx, def, input.idPatient, fieldsOf(input));
        audit(ctx, { action: `${def.key}.add`, outcome: 'success', patientId: input.idPatient }, tx);
        return item;
      });
    }),
    update: linkedPatientProcedure
      .input(itemIdInput)
      .input(def.updateSchema)
      .mutation(({ ctx, input }) => {
        return ctx.deps.db.transaction((tx) => {
          const item = updateItem(tx, def, input.idPatient, input.itemId, fieldsOf(input));
          audit(ctx, { action: `${def.key}.update`, outcome: 'success', patientId: input.idPatient, detail: `${def.idName} ${input.itemId}` }, tx);
          return item;
        });
      }),
    remove: linkedPatientProcedure.input(itemIdInput).mutation(({ ctx, input }) => {
      ctx.deps.db.transaction((tx) => {
        removeItem(tx, def, input.idPatient, input.itemId);
        audit(ctx, { action: `${def.key}.remove`, outcome: 'success', patientId: input.idPatient, detail: `${def.idName} ${input.itemId}` }, tx);
      });
      return null;
    }),
  });
}
