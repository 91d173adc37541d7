// `npm run migrate-to-postgres`: the command itself lives in server/commands/migrate-to-postgres.ts.
import '../server/commands/migrate-to-postgres';
