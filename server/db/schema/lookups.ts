// Named lookups a patient points to; each name is stored once, whatever its case.
import { sql } from 'drizzle-orm';
import { sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id } from './columns';

const lookup = (table: string) =>
  sqliteTable(table, { id: id(), name: text('name').notNull() }, (t) => [
    uniqueIndex(`${table}_name_lower_unique`).on(sql`lower(${t.name})`),
  ]);

export const professions = lookup('professions');
export const religions = lookup('religions');
export const nationalities = lookup('nationalities');
export const educations = lookup('educations');
export const documentTypes = lookup('document_types');
