// The PostgreSQL engine's migrations (docs/architecture.md "Two engines, one schema"): its tables are
// made from the SQLite schema at load, so one change to server/db/schema is generated for both
// engines: `npm run db:generate` (SQLite) and `npm run db:generate:postgres` (this file).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/postgres/schema.ts',
  out: './drizzle/postgres',
});
