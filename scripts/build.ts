// `npm run build`: a fresh client build, published into dist/client without emptying it first, so
// a running server keeps serving while it happens.
import { ensureClientBuilt } from './client-build';

await ensureClientBuilt(console.log, true);
