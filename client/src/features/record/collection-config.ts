// What one editable sub-record collection needs to be shown and changed by CollectionSection.
import type { z } from 'zod';
import type { trpc } from '../../lib/trpc';
import type { FieldSpec } from './field-spec';
import type { ItemView } from '../../lib/item-views';

export type RecordClient = ReturnType<typeof trpc.useUtils>['client'];

/** How its items read (lib/item-views.ts, shared with the patient's lists) and how they change. */
export interface CollectionConfig<Item> extends ItemView<Item> {
  /** Its block of texts in record.json: title, add, newTitle, editTitle, confirmDelete, empty. */
  key: string;
  fields: readonly FieldSpec[];
  schema: z.ZodType;
  /** Vitals are many: show five at a time. */
  paged?: boolean;
  add: (client: RecordClient, idPatient: number, values: Record<string, unknown>) => Promise<unknown>;
  update: (client: RecordClient, idPatient: number, itemId: number, values: Record<string, unknown>) => Promise<unknown>;
  remove: (client: RecordClient, idPatient: number, itemId: number) => Promise<unknown>;
}

