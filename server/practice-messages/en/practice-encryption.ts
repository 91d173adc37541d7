// The practice's messages for an encrypted practice: its passphrase and recovery key, locked and
// opened; in English. The same keys as es/, checked by the type.
import type { practiceEncryption as spanish } from '../es/practice-encryption';

export const practiceEncryption: typeof spanish = {
  practiceNotEncrypted: ({ dataDir, passphraseUnused }) =>
    `The data in ${dataDir} are not encrypted: anyone who copies the disk can read them. To encrypt them, stop Expediente and run ` +
    `npm run encrypt -- --data-dir ${dataDir} (then choose the practice passphrase and keep the recovery key apart).` +
    (passphraseUnused ? ' Until then the passphrase of PASSPHRASE_FILE or PASSPHRASE is not used.' : ''),
  practiceCreated: ({ dataDir, recoveryKey }) =>
    `A new practice in ${dataDir}, encrypted under the practice passphrase. Its recovery key, shown this once only:\n\n` +
    `    ${recoveryKey}\n\n` +
    'Print it (or copy it by hand) and keep it away from this machine and from the passphrase: if the passphrase is lost, it is the only way into the data.',
  practicePassphraseTooShort: ({ min }) =>
    `The practice passphrase (PASSPHRASE_FILE or PASSPHRASE) must have at least ${min} characters: it guards a copy of the whole disk. Nothing was created.`,
  practicePassphraseRefused: ({ dataDir }) =>
    `The passphrase of PASSPHRASE_FILE or PASSPHRASE does not open the practice key in ${dataDir}: the practice stays locked until it is opened in the browser.`,
  practiceLocked: ({ url }) =>
    `The practice is locked: its data stay encrypted until someone opens ${url} and gives the practice passphrase or the recovery key ` +
    '(or until it is started with PASSPHRASE_FILE).',
  practiceToSetUp: ({ url, dataDir }) =>
    `A new practice: open ${url} to choose the passphrase that will encrypt everything it keeps in ${dataDir} and to see its recovery key ` +
    '(or start it with PASSPHRASE_FILE or PASSPHRASE).',
  practiceOpened: ({ how }) => `The practice was opened from the browser with ${how === 'passphrase' ? 'its passphrase' : 'its recovery key'}.`,
  practiceSetUp: 'A new practice was set up from the browser, its data encrypted; the recovery key was shown there, once.',
  recoveryKeyNeeded: 'Set RECOVERY_KEY, or run this at a terminal to type the recovery key.',
  recoveryKeyPrompt: "The practice's recovery key: ",
  practicePassphraseNeeded:
    'The practice is encrypted: set PASSPHRASE_FILE or PASSPHRASE to its passphrase (or RECOVERY_KEY to its recovery key), or run this at a terminal to type it.',
  practicePassphrasePrompt: 'Practice passphrase: ',
  newPracticePassphraseNeeded: ({ variable }) => `Set ${variable} to the new practice passphrase, or run this at a terminal to type it.`,
  newPracticePassphrasePrompt: ({ min }) => `New practice passphrase (${min} characters or more): `,
  practicePassphraseAgain: 'The same passphrase once more: ',
  practicePassphrasesDiffer: 'The two passphrases differ; nothing was changed.',
  commandPassphraseTooShort: ({ min }) =>
    `The practice passphrase must have at least ${min} characters: it is all that stands between a copy of the disk and the records. Nothing was changed.`,
  wrongPracticePassphrase: ({ dataDir }) =>
    `That passphrase does not open the practice key of ${dataDir}; nothing was done. Try again, or give the recovery key (--recovery-key, or RECOVERY_KEY).`,
  wrongRecoveryKey: ({ dataDir }) => `That recovery key does not open the practice key of ${dataDir}; nothing was done. Check it against the printed copy.`,
  encryptionUnfinished: ({ dataDir }) =>
    `${dataDir} has a practice key but its database is still unencrypted: an encryption (npm run encrypt, expediente encrypt) stopped before its last step. ` +
    `Run it again on ${dataDir} with the same passphrase to finish it; nothing is lost.`,
  recoveryKeyShownOnce: ({ recoveryKey }) =>
    `The practice's recovery key, shown this once. Print it and keep it apart from this machine and from the passphrase: with the passphrase lost, only it opens the data.\n\n    ${recoveryKey}\n`,
  startWithPassphrase: 'Start the server with the passphrase in PASSPHRASE_FILE (or PASSPHRASE), or unlock it in the browser.',
};
