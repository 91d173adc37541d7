// Column helpers every table shares. Moments are ISO-8601 UTC text: sortable, and plain JSON.
import { integer, text } from 'drizzle-orm/sqlite-core';

export const id = () => integer('id').primaryKey({ autoIncrement: true });
export const createdAt = () =>
  text('created_at')
    .notNull()
    .$defaultFn(() => new Date().toISOString());
