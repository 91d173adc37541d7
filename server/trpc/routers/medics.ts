// The medic workspace: linked patients, search, link and unlink (filled by the workspace issue).
import { router } from '../trpc';

export const medicsRouter = router({});
