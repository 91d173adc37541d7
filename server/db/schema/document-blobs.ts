import { blob, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/**
 * Documents' encrypted bytes on PostgreSQL, where every server of a clinic network must serve every
 * document (files/postgres-blob-store.ts). Same format as the files of DATA_DIR/documents, which
 * is where SQLite keeps them: on SQLite this table stays empty.
 */
export const documentBlobs = sqliteTable('document_blobs', {
  name: text('name').primaryKey(),
  content: blob('content', { mode: 'buffer' }).notNull(),
  createdAt: createdAt(),
});
