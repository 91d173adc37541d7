// One row whose version stands for everything a request's caller and access decision are made of
//: the session and account behind a token, their second factors, the practice's
// second-factor rule, links and emergency access. Triggers (migration 0016) replace it with a random
// value in the same transaction as any change to those, so the server may answer them from memory
// while it is unchanged, and any process writing the file (a CLI, a restore) is seen as well.
import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

export const accessVersion = sqliteTable('access_version', {
  /** Always 1: one row. */
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});
