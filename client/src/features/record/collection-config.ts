// What one editable sub-record collection needs to be shown and changed by CollectionSection.
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { trpc } from '../../lib/trpc';
import type { Formatters } from '../../lib/use-formatters';
import type { FieldSpec } from './field-spec';
import type { ItemFact } from '../../lib/item-facts';

export type { Formatters };
export type RecordClient = ReturnType<typeof trpc.useUtils>['client'];


export interface CollectionConfig<Item> {
  /** Its block of texts in record.json: title, add, newTitle, editTitle, confirmDelete, empty. */
  key: string;
  idOf: (item: Item) => number;
  nameOf: (item: Item, format: Formatters) => string;
  /** A short coloured tag beside the name (severity, status). */
  tagOf?: (item: Item, t: TFunction) => { text: string; tone: string } | null;
  /** The lines under the name; empty values are left out. */
  factsOf: (item: Item, format: Formatters, t: TFunction) => ItemFact[];
  fields: readonly FieldSpec[];
  schema: z.ZodType;
  /** Vitals are many: show five at a time. */
  paged?: boolean;
  add: (client: RecordClient, idPatient: number, values: Record<string, unknown>) => Promise<unknown>;
  update: (client: RecordClient, idPatient: number, itemId: number, values: Record<string, unknown>) => Promise<unknown>;
  remove: (client: RecordClient, idPatient: number, itemId: number) => Promise<unknown>;
}

