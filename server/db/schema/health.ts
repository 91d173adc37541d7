// The one table GET /api/health writes to: a real committed write, so that a full disk, a read-only
// file or a damaged database shows in health instead of only in the next patient's save.
import { blob, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const healthProbe = sqliteTable('health_probe', {
  id: integer('id').primaryKey(),
  checkedAt: text('checked_at').notNull(),
  /**
   * About a page of zeros: each probe writes its row before deleting the previous one, so the
   * database must find room for a page, as the writes it vouches for must.
   */
  ballast: blob('ballast', { mode: 'buffer' }),
});
