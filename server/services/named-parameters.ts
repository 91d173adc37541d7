// Named parameters live with the SQL they serve (db/named-parameters.ts), where audit/ may use them
// too; this path is kept for the services that still import it from here.
export { positional } from '../db/named-parameters';
