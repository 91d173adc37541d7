// The practice's messages for `npm run restore`: a backup put back into a DATA_DIR; in English. The
// same keys as es/, checked by the type.
import type { restore as spanish } from '../es/restore';

export const restore: typeof spanish = {
  restoreUsage:
    'Usage: npm run restore -- FILE --data-dir DIR [--database-url URL] [--force] [--recovery-key] [--new-practice-key] [--unencrypted]   (the backup passphrase from BACKUP_PASSPHRASE or the terminal; ' +
    'the practice passphrase from PASSPHRASE_FILE, PASSPHRASE or the terminal)',
  restoreDone: (p) =>
    `Restored the backup of ${p.createdAt}${p.writtenBy ? ` (written by Expediente ${p.writtenBy})` : ''} into ${p.dataDir}: ` +
    `${p.patients} patients, ${p.documents} documents (every blob checked), audit chain ${p.auditChain}, in ${p.seconds} s.`,
  restoreReplaced: ({ dir }) => `The directory's previous contents are in ${dir}.`,
  restoreMasterKey: 'The documents are encrypted with MASTER_KEY: start the server with the same MASTER_KEY.',
  restorePlainNoKeys: 'This plain archive holds no keys: put the document-key and audit-key files (or MASTER_KEY) back yourself.',
  restoreOlderData:
    'This backup holds the data of an earlier release, not upgraded: the earlier release serves them as they are, and this one upgrades them when it starts (with a backup first).',
  restoreSignInAgain: 'Sessions from before the backup no longer work: everyone signs in again.',
  restoreFailed: ({ reason }) => `Restore failed, nothing was written: ${reason}`,
  restoreTargetNotEmpty: ({ target }) =>
    `${target} is not empty; nothing was written. Restore into an empty directory, or add --force to replace it (its contents are moved aside).`,
  restoreTargetServed: ({ target, server }) => `${target} is the DATA_DIR of a running server (${server}); nothing was written. Stop that server first, then restore.`,
  restoreMasterKeyMismatch:
    "MASTER_KEY is not the key this archive's documents were encrypted with; nothing was written. Restore with the MASTER_KEY the backed-up server used.",
  restoreAuditFails: ({ problem }) => `The archived audit trail fails its check, nothing was written: ${problem}`,
  restoreHeadMismatch: ({ reason }) => `The archive's audit head does not belong with its audit key, nothing was written: ${reason}`,
  restoreChainIntact: ({ rows }) => `intact (${rows} rows)`,
  restoreChainIntactToHead: ({ rows, writtenAt }) => `intact (${rows} rows, up to the sealed head of ${writtenAt})`,
  restoreChainBroken: ({ id }) => `BROKEN at row ${id} (it was so in the backed-up server too)`,
  restoreChainNoKey: 'not verified: the archive holds no audit key',
  restoreTargetLocked: ({ target }) => `${target} is an encrypted practice whose key this process does not hold: unlock it first. Nothing was written.`,
  restoreNeedsPracticeKey: 'The restored data are encrypted under a practice key, and none was given: give its passphrase. Nothing was written.',
  restoreArchiveKeyWrong:
    "That passphrase does not open the practice key this archive carries (the backed-up practice's); nothing was written. Give that practice's passphrase, " +
    'its recovery key (--recovery-key, or RECOVERY_KEY), or --new-practice-key to make a new key from the passphrase given.',
  restorePracticeKeyKept: ({ dataDir }) => `The restored data are encrypted under the practice key ${dataDir} had: the same passphrase and recovery key open them.`,
  restorePracticeKeyFromArchive: "The restored data are encrypted under the backed-up practice's key: its passphrase and its recovery key open them.",
  restorePracticeKeyNew: 'The restored data are encrypted under a new practice key, which the passphrase given opens.',
  restoreUnencryptedRefused: "--unencrypted is for an archive of a plain practice (going back to a release from before encryption); this one is an encrypted practice's, whose records never leave it in the clear. Nothing was written.",
  restoreUnencrypted:
    'The restored data are unencrypted, as the backed-up practice was: for the release from before encryption. Back on this release, npm run encrypt (expediente encrypt) encrypts them again.',
};
