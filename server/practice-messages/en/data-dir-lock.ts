// The practice's messages for the lock that keeps two servers off one DATA_DIR; in English. The
// same keys as es/, checked by the type.
import type { dataDirLock as spanish } from '../es/data-dir-lock';

export const dataDirLock: typeof spanish = {
  lockOwnerUnknown: ({ seconds }) => `a server that has not recorded itself yet: it may be starting; if none is running, the lock frees itself within ${seconds} s`,
  lockOwner: ({ pid, host, since, url }) => `pid ${pid} on ${host}, since ${since}${url ? `, at ${url}` : ''}`,
  lockLost: ({ dir, reason }) => `This server lost its lock on DATA_DIR ${dir} (${reason}); it stops, so that two servers never share the directory.`,
  dataDirInUse: ({ dataDir, owner }) =>
    `Another Expediente server is running on DATA_DIR ${dataDir} (${owner}), so this one does not start. Stop that one first, or give this one another DATA_DIR.`,
};
