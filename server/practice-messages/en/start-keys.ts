// The practice's messages for the practice's key files checked at start: missing, damaged, or open
// to other users; in English. The same keys as es/, checked by the type.
import type { startKeys as spanish } from '../es/start-keys';

export const startKeys: typeof spanish = {
  startRefusedKey: ({ why, dir, fileName, readable }) =>
    `Refusing to start: ${why}. No new key was made. ` +
    `Restore it from a backup: "npm run restore -- BACKUP --data-dir ${dir}" (or "expediente restore BACKUP --data-dir ${dir}") restores the keys with the data; ` +
    `or put back the file ${fileName} from a copy of DATA_DIR${readable ? '' : ", or make it readable by the server's user"}.`,
  keyProblemAndDependants: ({ path, problem, dependants }) => `${path} ${problem}, and ${dependants}`,
  auditRowsNeedKey: ({ rows }) => `the audit trail holds ${rows} ${rows === 1 ? 'row' : 'rows'} sealed with it, which a new key would make look tampered with`,
  documentsNeedKey: ({ rows }) => `${rows} ${rows === 1 ? 'document is' : 'documents are'} encrypted with it, which a new key would not open`,
  totpSeedsNeedKey: ({ rows }) => `${rows} authenticator app ${rows === 1 ? 'seed is' : 'seeds are'} sealed with it, which a new key would not open`,
  documentsMaybeMasterKey: 'If the documents were encrypted with MASTER_KEY instead, start with that MASTER_KEY set.',
  keyMissing: 'is missing',
  keyNotAFile: 'is not a regular file',
  keyEmpty: 'is empty',
  keyDamaged: 'does not hold a whole key (too short or damaged)',
  keySealed: 'is sealed by the practice key, which this process does not hold: unlock the practice',
  keySealedByAnother: 'does not open with this practice key (another practice’s, or altered)',
  keyUnreadable: ({ code }) => `cannot be read (${code})`,
  keyLeftAsIs: ({ path, problem }) => `${path} ${problem}; it was left as it is. Make it readable by the server's user, or put back a good copy.`,
  keyTightened: ({ path, mode }) =>
    `${path} was open to other users (mode ${mode}); it was tightened to 0600. Anyone who could read it may hold a copy of the key.`,
  keyCannotTighten: ({ path, mode, code }) =>
    `${path} is open to other users (mode ${mode}) and could not be tightened to 0600 (${code}): make it private to the server's user.`,
};
