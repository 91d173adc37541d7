// `npm run build`: fresh builds of the client (into dist/client, published without emptying it
// first, so a running server keeps serving) and of the server (dist/server/index.js, what
// `npm start` runs). With --if-stale, only what is missing or older than its sources: `npm start`
// runs it that way.
import { ensureClientBuilt } from './client-build';
import { ensureServerBuilt } from './server-build.mjs';

const force = !process.argv.includes('--if-stale');
await ensureClientBuilt(console.log, force);
await ensureServerBuilt(console.log, force);
