// `npm start`: build the client when its build is missing or stale, then start the server,
// which applies the migrations and prints the URL it serves.
import { main } from '../server/index';
import { ensureClientBuilt } from './client-build';

await ensureClientBuilt();
await main();
