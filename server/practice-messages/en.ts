// What the binary and the scripts say to the practice, in English: the same keys as es.ts (its type).
import type { es } from './es';

const sealedHead = (writtenAt: string) => `the sealed head of ${writtenAt}`;

export const en: typeof es = {
  binaryHelp: ({ release }) => `Expediente ${release}: medical records for small practices.

Usage:
  expediente [--no-backup]                 serve (PORT, HOST, DATA_DIR... as for npm start); the data of
                                           an earlier release is backed up (BACKUP_PASSPHRASE) before
                                           it is upgraded, or with --no-backup upgraded without a backup
  expediente backup --out FILE [--data-dir DIR]
  expediente restore FILE --data-dir DIR [--force] [--new-practice-key | --unencrypted]
  expediente demo [--data-dir DIR]
  expediente audit-verify
  expediente encrypt [--data-dir DIR] [--backup-dir DIR]
                                           encrypts a plain DATA_DIR (the server stopped), after a
                                           backup; the practice passphrase from PASSPHRASE_FILE,
                                           PASSPHRASE or the terminal
  expediente change-passphrase [--data-dir DIR]
                                           a new practice passphrase (NEW_PASSPHRASE, or typed twice)
  expediente tls --host NAME [--ip ADDRESS]... --ca-key FILE
  expediente --version | --help

On an encrypted practice, the commands take its passphrase from PASSPHRASE_FILE or PASSPHRASE, or
at the terminal; --recovery-key (or RECOVERY_KEY) takes its recovery key instead.
Configuration is by environment variables, as described in the README. Messages come in LANG's
language, or in EXPEDIENTE_LANGUAGE's (es or en).`,
  binaryUnknownCommand: ({ command }) => `Unknown command: ${command}`,
  binaryNoBackupAlone: '--no-backup goes alone: expediente --no-backup',

  upgradeRefused: ({ release, dataDir, backupDir }) =>
    `Nothing was changed. The data in ${dataDir} are an earlier release's, and Expediente ${release} must upgrade them to serve ` +
    `them; once upgraded, the earlier release no longer opens them.\n` +
    `To go on, set BACKUP_PASSPHRASE (at least 12 characters; keep it: the backup does not open without it): before upgrading, ` +
    `an encrypted backup is written to ${backupDir} (BACKUP_DIR chooses another place). ` +
    `Or start with --no-backup to upgrade without one, if you already have one.`,
  upgradeBackupWritten: ({ file, patients, documents }) => `Before upgrading the data, wrote the backup ${file} (${patients} patients, ${documents} documents).`,
  upgradeBackupReused: ({ file }) => `The data have not changed since the backup before this upgrade, ${file}: that one is used, no other is written.`,
  upgradeWithoutBackup: ({ dataDir }) => `Upgrading the data in ${dataDir} without a backup first (--no-backup): only a backup of your own can take you back.`,
  upgradeFinished: ({ dataDir, release, goBack }) =>
    `Upgrade finished: the data in ${dataDir} are now Expediente ${release}'s. ` +
    `To go back: stop Expediente, run ${goBack} (with the same BACKUP_PASSPHRASE) and start the earlier release on ${dataDir}.`,
  upgradeFinishedWithoutBackup: ({ dataDir, release }) =>
    `Upgrade finished: the data in ${dataDir} are now Expediente ${release}'s. It was done without a backup first (--no-backup).`,

  backupUsage: 'Usage: npm run backup -- --out FILE [--data-dir DIR]   (DATA_DIR by default; passphrase from BACKUP_PASSPHRASE or the terminal)',
  backupPlainRefused: "--plain writes patients' records unencrypted: refused. Add --i-understand-this-is-unencrypted if that is really what you want.",
  backupWrote: (p) =>
    `Wrote ${p.file}${p.plain ? ' (UNENCRYPTED, without the keys)' : ''}: ${p.patients} patients, ${p.documents} documents, ` +
    `${p.rows} rows in ${p.tables} tables, ${p.mb} MB, in ${p.seconds} s.`,
  backupFailed: ({ reason }) => `Backup failed: ${reason}`,
  backupPassphraseTooShort: ({ min }) => `The backup passphrase must have at least ${min} characters: it is all that protects the archive.`,
  backupNoDatabase: ({ path, dataDir }) => `No database at ${path}: is ${dataDir} the server's DATA_DIR?`,
  backupBlobSizeWrong: ({ blob, size, expected }) => `Document blob ${blob} has ${size} bytes where its row says ${expected}: DATA_DIR/documents is damaged.`,
  backupBlobMissing: ({ blob, dir }) => `Document blob ${blob} is missing from ${dir} though its document still exists: DATA_DIR is damaged.`,

  passphraseNeeded: 'Set BACKUP_PASSPHRASE, or run this at a terminal to type the passphrase.',
  passphrasePrompt: 'Backup passphrase: ',
  passphraseAgain: 'The same passphrase again: ',
  passphrasesDiffer: 'The two passphrases differ; nothing was written.',
  passphraseCancelled: 'Cancelled.',

  restoreUsage:
    'Usage: npm run restore -- FILE --data-dir DIR [--force] [--recovery-key] [--new-practice-key] [--unencrypted]   (the backup passphrase from BACKUP_PASSPHRASE or the terminal; ' +
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

  archiveNotAnArchive: 'This file is not an Expediente backup archive (no archive header).',
  archiveFormatVersion: ({ version, supported }) => `This archive is format version ${version}; this version of Expediente reads version ${supported}.`,
  archiveHeaderDamaged: 'The archive header is damaged (impossible key-derivation or chunk settings).',
  archiveWrongPassphrase: 'Wrong passphrase, or the archive header is damaged: nothing was restored.',
  archiveCutAfterChunk: ({ index }) => `The archive is cut short: it ends after chunk ${index} without its last chunk.`,
  archiveCutInsideChunk: ({ index }) => `The archive is cut short inside chunk ${index}.`,
  archiveFinalChunkDamaged: ({ index }) => `The archive is damaged or cut short: its final chunk (${index}) fails its authentication tag.`,
  archiveChunkDamaged: ({ index, offset }) => `The archive is damaged: chunk ${index} (at byte ${offset}) fails its authentication tag.`,
  archiveBytesAfterEnd: 'The archive has bytes after its end mark.',
  archiveUnknownEntryKind: 'The archive payload is malformed (unknown entry kind).',
  archiveUnknownEntry: ({ name }) => `The archive holds an entry this version does not know: ${name}.`,
  archiveEndsInside: ({ what }) => `The archive ends in the middle of ${what}.`,
  archiveTwice: ({ name }) => `The archive holds ${name} twice.`,
  archiveManifestNotFirst: 'The archive does not begin with its manifest.',
  archiveNoManifest: 'The archive has no manifest.',
  archiveNoDatabase: 'The archive holds no database.',
  archiveManifestMalformed: 'The archive manifest is malformed.',
  archiveIntegrity: ({ detail }) => `The archived database fails integrity_check: ${detail}`,
  archiveManifestMismatch: (p) =>
    `The archived database does not match its manifest (${p.patients} patients, ${p.documents} documents; the manifest says ${p.manifestPatients} and ${p.manifestDocuments}).`,
  archiveLacksBlob: ({ code, blob }) => `The archive lacks the blob of document ${code}… (${blob}).`,
  archiveBlobSize: ({ blob, size, expected }) => `Blob ${blob} has ${size} bytes; its document needs ${expected}.`,
  archiveBlobKey: ({ blob }) => `Blob ${blob} does not open with the archive's document key: the key and the documents do not belong together.`,

  auditVerifyHelp: `npm run audit:verify [-- --since-checkpoint]

Checks the audit trail in DATA_DIR (default ./data) against its HMAC chain and its sealed head.

  (no option)          The whole check: recomputes the chain of every row, and checks that every
                       row up to the sealed head is there. Tens of seconds on millions of rows.
  --since-checkpoint   The nightly check: starts from the sealed head (DATA_DIR/audit-head, written
                       by the server every five minutes over rows whose chain it had just
                       recomputed). Checks that the head's row still carries the chain value it
                       sealed and that no row up to it is missing (their count), and recomputes the
                       chain only for the rows after it. It does NOT recompute the rows up to the
                       head: a row edited after it was sealed is seen only by the whole check. Run
                       the whole check too, now and then (weekly, and after a restore).
  --help               This text.

Exit 0 when intact, 1 on any failure, 2 when DATA_DIR holds no database or audit key.`,
  auditVerifyNoData: ({ dataDir }) => `No database or audit key in ${dataDir}: set DATA_DIR to the server's data directory.`,
  auditVerifyHeadTampered: ({ file, reason }) => `${file}: ${reason} Treat the audit trail as tampered with.`,
  auditVerifyCounted: ({ verified, before, unchained }) =>
    `${verified} rows ${before ? 'before it ' : ''}verified by the chain` + (unchained ? ` (${unchained} rows before the first sealed one carry no chain).` : '.'),
  auditIntact: ({ verified, unsealed }) =>
    `Audit chain intact: ${verified} rows verified` + (unsealed ? ` (${unsealed} earlier rows were written before the chain began and are not covered).` : '.'),
  auditHeadAllThere: ({ writtenAt, lastId, count }) => `Every row up to the sealed head of ${writtenAt} (row ${lastId}, ${count} rows) is there.`,
  auditNoHeadYet: ({ dataDir, file }) => `No sealed head in ${dataDir} yet (${file}): judged by the chain alone, which cannot show rows cut from its end.`,
  auditIntactSinceCheckpoint: ({ verified, writtenAt, lastId }) =>
    `Audit chain intact since the checkpoint: ${verified} rows after the sealed head of ${writtenAt} (row ${lastId}) verified.`,
  auditUpToHeadNotRecomputed: ({ count }) => `The ${count} rows up to it are all there; they were not recomputed (the whole check, without --since-checkpoint, does that).`,
  auditNoHeadToStart: ({ dataDir, file }) => `No sealed head in ${dataDir} (${file}) to start from: checking the whole trail.`,

  auditRowUnchained: ({ id, at, action }) => `Audit chain broken at row ${id} (${at}, ${action}): it has no chain though an earlier row is sealed, so its chain was removed.`,
  auditRowAltered: ({ id, at, action }) => `Audit chain broken at row ${id} (${at}, ${action}): it or a row before it was altered, removed or reordered.`,
  headNothingChained: ({ writtenAt, firstSealedId }) =>
    `No audit row carries a chain, but ${sealedHead(writtenAt)} says rows from ${firstSealedId} on were sealed: the trail was emptied or its chains removed.`,
  headFirstSealedMoved: ({ writtenAt, first, firstSealedId }) =>
    `The first sealed audit row is ${first}, but ${sealedHead(writtenAt)} says it was ${firstSealedId}: sealed rows were removed, or their chains nulled.`,
  headRowGone: ({ writtenAt, lastId }) => `Rows up to the sealed head are missing: ${sealedHead(writtenAt)} ends at row ${lastId}, and that row is gone.`,
  headRowDiffers: ({ writtenAt, lastId }) =>
    `Row ${lastId}, where ${sealedHead(writtenAt)} ends, is not the row it sealed: its chain differs, so it or a row before it was altered or replaced.`,
  headCountDiffers: ({ writtenAt, lastId, count, counted }) =>
    `Rows up to the sealed head are missing or were added: ${count} rows up to row ${lastId}, where ${sealedHead(writtenAt)} counted ${counted}.`,
  headMalformed: 'The sealed audit head is malformed: it was damaged or replaced.',
  headForged: 'The sealed audit head fails its signature under the audit key: it was edited or forged.',

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
  keyUnreadable: ({ code }) => `cannot be read (${code})`,
  keyLeftAsIs: ({ path, problem }) => `${path} ${problem}; it was left as it is. Make it readable by the server's user, or put back a good copy.`,
  keyTightened: ({ path, mode }) =>
    `${path} was open to other users (mode ${mode}); it was tightened to 0600. Anyone who could read it may hold a copy of the key.`,
  keyCannotTighten: ({ path, mode, code }) =>
    `${path} is open to other users (mode ${mode}) and could not be tightened to 0600 (${code}): make it private to the server's user.`,
  demoUsage: 'Usage: npm run demo [-- --data-dir DIR]   seeds a demo practice into DIR (default: DATA_DIR, or ./data)',
  demoPracticeExists: ({ path, accounts }) =>
    `${path} already holds a practice (${accounts} accounts): the demo never writes over one. Choose an empty DATA_DIR (or --data-dir DIR).`,
  demoCreated: (p) =>
    `Demo practice created in ${p.dataDir} in ${p.seconds} s: ${p.patients} patients (${p.shared} seen by both medics), ` +
    `${p.today} appointments today and ${p.coming} booked up to next Friday.`,
  demoDay: (p) => `${p.practice}: ${p.held} of today's consultations already held, with ${p.prescriptions} prescriptions (${p.voided} voided); ${p.addenda} addenda on past visits.`,
  demoPassword: ({ password }) => `Every account's password: ${password}`,
  demoAdministrator: ({ email, name }) => `  administrator  ${email}  (${name}; Administration in the user menu)`,
  demoMedic: ({ email, name, patients }) => `  medic          ${email}  (${name}, ${patients} patients)`,
  demoPatient: ({ email, name }) => `  patient        ${email}  (${name}: two documents and an appointment today)`,
  demoCodesLeftOut: ({ codes }) => `Appointments were written without ${codes}: no diagnosis catalog holds them (CATALOG_DIR; see the README).`,

  tlsUsage: [
    'Usage: npm run tls -- --host NAME [--host NAME]... [--ip ADDRESS]... --ca-key FILE [--new-ca] [--data-dir DIR]',
    '  --host NAME     a name the practice types to reach this machine (consultorio.local); the first is the',
    '                  one passkeys are bound to. Repeat it for more names.',
    '  --ip ADDRESS    an address of this machine (192.168.1.20) for devices that use it instead of a name.',
    "  --ca-key FILE   the practice authority's private key, encrypted with a passphrase: written there when the",
    '                  authority is made, read from there each time it signs. Outside DATA_DIR (a USB stick kept',
    '                  apart, say). The passphrase comes from CA_PASSPHRASE or the terminal; 12 characters or more.',
    '  --new-ca        replace the practice certificate authority: every device must then install the new one.',
    '  --data-dir DIR  where the certificates go, in DIR/tls (DATA_DIR, else ./data).',
    'The authority can vouch only for the names and addresses of --host and --ip (and localhost): a new one needs --new-ca.',
    'A plaintext key from an earlier release (DATA_DIR/tls/ca.key) is written encrypted to --ca-key and removed.',
  ].join('\n'),
  tlsHostRequired: '--host is required: the name the practice types to reach this machine.',
  tlsHostIsAddress: ({ given }) => `--host ${given} is an address: give it with --ip, and a name with --host.`,
  tlsNotAHostName: ({ given }) => `--host ${given} is not a host name (letters, digits and hyphens, separated by dots).`,
  tlsNotAnAddress: ({ given }) => `--ip ${given} is not an IPv4 or IPv6 address.`,
  tlsCaKeyRequired: "--ca-key is required: the file, outside DATA_DIR, where the practice authority's key is (or will be) kept, encrypted.",
  tlsFailed: ({ reason }) => `npm run tls failed: ${reason}`,
  tlsCaCreated: 'Made a new practice certificate authority',
  tlsCaReplaced: 'Replaced the practice certificate authority (--new-ca): every device must install the new one',
  tlsCaReused: 'Kept the practice certificate authority: devices that trust it need nothing new',
  tlsCaScope: ({ scope }) => `It can vouch only for: ${scope} (a new name needs another authority: --new-ca)`,
  tlsCaUnconstrained:
    "WARNING: this authority was made before authorities were limited to the practice's names, and it can vouch for any site. " +
    'Replace it with --new-ca when every device can install the new one.',
  tlsCaKeyMoved: ({ legacyKey, keyFile }) => `The authority's key was unencrypted in ${legacyKey}: it is now written encrypted to ${keyFile}, and ${legacyKey} is removed.`,
  tlsLegacyKeyRemoved: ({ legacyKey }) => `Removed the unencrypted copy of the authority's key: ${legacyKey}.`,
  tlsIssued: (p) =>
    [
      `${p.caLine}: ${p.caCert} (valid until ${p.caUntil})`,
      `  ${p.caSubject}`,
      `  SHA-256 fingerprint: ${p.sha256}`,
      `  SHA-1 fingerprint (Windows' "Thumbprint"): ${p.sha1}`,
      `  ${p.scopeLine}`,
      `  Its key, encrypted: ${p.keyFile}. Keep it off this server, and its passphrase apart: renewing needs both.`,
      `Issued the server certificate for ${p.names}: ${p.serverCert} (valid until ${p.serverUntil}; run this again before then)`,
      '',
      "Next: (re)start the server with `npm start` (HOST=0.0.0.0 to serve the practice's network). It serves HTTPS",
      `and answers plain HTTP on the same port with a redirect. On each device, open http://${p.host}:PORT/practice-ca.crt,`,
      'install the authority as the README says, and check that the device shows the fingerprint above before trusting it.',
    ].join('\n'),
  tlsCaUnusable: ({ dir, reason }) =>
    `The practice certificate authority in ${dir} cannot be used (${reason}). Run again with --new-ca to replace it; every device must then install the new one.`,
  tlsCaExpired: ({ dir, date }) =>
    `The practice certificate authority in ${dir} expired on ${date}. Run again with --new-ca; every device must then install the new one.`,
  tlsCaHalf: ({ present, missing }) =>
    `${present} is there without ${missing}. Put the missing file back, or run again with --new-ca to make a new authority (every device must then install it).`,
  tlsCaKeyMissing: ({ keyFile, caCert }) =>
    `The key of the authority ${caCert} is not in ${keyFile}. Give --ca-key the file it was written to when the authority was made (and its passphrase), ` +
    'or run again with --new-ca; every device must then install the new one.',
  tlsCaKeyNotEncrypted: ({ keyFile }) => `${keyFile} is not an encrypted key as this command writes them (ENCRYPTED PRIVATE KEY): check --ca-key. Nothing was written.`,
  tlsCaKeyNotOurs: ({ keyFile }) => `${keyFile} exists and is not an authority key this command wrote: it is left as it is. Choose another file for --ca-key.`,
  tlsWrongPassphrase: ({ keyFile }) =>
    `The passphrase does not open ${keyFile} (or the file is damaged): nothing was written. Try again with the passphrase chosen when the authority was made.`,
  tlsCaKeyInsideDataDir: ({ keyFile, dataDir }) =>
    `--ca-key ${keyFile} is inside DATA_DIR (${dataDir}): whoever copied that folder would take the key with it. Choose a place outside it.`,
  tlsCaKeyFolderMissing: ({ folder }) => `The folder of --ca-key, ${folder}, does not exist (is the stick not mounted?): nothing was written.`,
  tlsCaKeyNotAFile: ({ keyFile }) => `--ca-key ${keyFile} is not a file.`,
  tlsLegacyKeyNotThisAuthority: ({ legacyKey, caCert }) =>
    `${legacyKey} is not the key of the authority ${caCert}: it is left as it is. Move it out of DATA_DIR (or delete it if it is not needed) and run this again.`,
  tlsKeyNotItsCertificate: "the authority's key does not belong to its certificate",
  tlsKeyNotP256: 'the key is not an ECDSA P-256 key',
  tlsNamesOutsideAuthority: ({ names, scope }) =>
    `The practice authority can vouch only for ${scope}, not for ${names}: devices would refuse that certificate. ` +
    'A new name needs a new authority: run again with every name and --new-ca (every device must then install it).',
  tlsPassphraseNeeded: "Set CA_PASSPHRASE, or run this at a terminal to type the passphrase of the authority's key.",
  tlsPassphrasePrompt: "Passphrase of the authority's key: ",
  tlsNewPassphrasePrompt: ({ min }) => `New passphrase to encrypt the authority's key (${min} characters or more): `,
  tlsPassphraseAgain: 'The same passphrase again: ',
  tlsPassphrasesDiffer: 'The two passphrases differ; nothing was written.',
  tlsPassphraseTooShort: ({ min }) => `The passphrase of the authority's key must have at least ${min} characters: it is all that protects the key. Nothing was written.`,

  lockOwnerUnknown: ({ seconds }) => `a server that has not recorded itself yet: it may be starting; if none is running, the lock frees itself within ${seconds} s`,
  lockOwner: ({ pid, host, since, url }) => `pid ${pid} on ${host}, since ${since}${url ? `, at ${url}` : ''}`,
  lockLost: ({ dir, reason }) => `This server lost its lock on DATA_DIR ${dir} (${reason}); it stops, so that two servers never share the directory.`,
  dataDirInUse: ({ dataDir, owner }) =>
    `Another Expediente server is running on DATA_DIR ${dataDir} (${owner}), so this one does not start. Stop that one first, or give this one another DATA_DIR.`,
  backupPracticeLocked: ({ dataDir }) =>
    `${dataDir} is encrypted and this process does not hold its practice key: unlock the practice first (its passphrase in PASSPHRASE_FILE or PASSPHRASE, or at the terminal). Nothing was written.`,
  backupPlainOfEncrypted: "--plain is refused for an encrypted practice: its records never leave it unencrypted. Nothing was written.",
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
  restoreTargetLocked: ({ target }) => `${target} is an encrypted practice whose key this process does not hold: unlock it first. Nothing was written.`,
  restoreNeedsPracticeKey: 'The restored data are encrypted under a practice key, and none was given: give its passphrase. Nothing was written.',
  restoreArchiveKeyWrong:
    "That passphrase does not open the practice key this archive carries (the backed-up practice's); nothing was written. Give that practice's passphrase, " +
    'its recovery key (--recovery-key, or RECOVERY_KEY), or --new-practice-key to make a new key from the passphrase given.',
  restorePracticeKeyKept: ({ dataDir }) => `The restored data are encrypted under the practice key ${dataDir} had: the same passphrase and recovery key open them.`,
  restorePracticeKeyFromArchive: "The restored data are encrypted under the backed-up practice's key: its passphrase and its recovery key open them.",
  restorePracticeKeyNew: 'The restored data are encrypted under a new practice key, which the passphrase given opens.',
  recoveryKeyShownOnce: ({ recoveryKey }) =>
    `The practice's recovery key, shown this once. Print it and keep it apart from this machine and from the passphrase: with the passphrase lost, only it opens the data.\n\n    ${recoveryKey}\n`,
  startWithPassphrase: 'Start the server with the passphrase in PASSPHRASE_FILE (or PASSPHRASE), or unlock it in the browser.',
  encryptUsage:
    'Usage: npm run encrypt -- [--data-dir DIR] [--backup-dir DIR]   (DATA_DIR by default; the backup goes to BACKUP_DIR, else beside DATA_DIR, under ' +
    'BACKUP_PASSPHRASE or one typed; the practice passphrase comes from PASSPHRASE_FILE, PASSPHRASE or the terminal)',
  encryptNoDatabase: ({ dataDir }) => `No database in ${dataDir}: is it the server's DATA_DIR? Nothing was changed.`,
  encryptAlready: ({ dataDir }) => `${dataDir} is encrypted already; nothing to do. (npm run change-passphrase changes its passphrase.)`,
  encryptResumed: ({ dataDir }) =>
    `This finished the encryption of ${dataDir} that had stopped before its last step: with the same practice key and passphrase, and the backup written then; ` +
    'the recovery key above is new (one shown by the stopped run no longer opens it).',
  encryptBackupWritten: ({ file, patients, documents }) =>
    `Before encrypting, wrote the backup ${file} (${patients} patients, ${documents} documents), under the backup passphrase.`,
  encryptDatabaseBusy: 'Another process has the database open (a backup, audit:verify?); nothing was changed. Let it finish, then run this again.',
  encryptCountDiffers: ({ table, before, after }) => `table ${table} has ${after} rows, not ${before}`,
  encryptCopyFails: ({ problem }) => `The encrypted copy of the database fails its check (${problem}); nothing was changed.`,
  encryptServerRunning: ({ dataDir, server }) => `${dataDir} is the DATA_DIR of a running server (${server}); nothing was changed. Stop that server first, then encrypt.`,
  encryptEarlierBackup: 'the one written by the run that stopped before',
  encryptAuditFails: ({ problem }) =>
    `The audit trail fails its check, so nothing was encrypted or changed: ${problem} Look into it first (npm run audit:verify).`,
  encryptDocumentFails: ({ code }) => `document ${code}… does not open with the document key`,
  encryptCheckFailed: ({ problem, backup }) =>
    `The data are encrypted, but the check afterwards failed: ${problem}. The backup written before encrypting is ${backup}.`,
  encryptDone: (p) =>
    `Encrypted ${p.dataDir} in ${p.seconds} s: ${p.rows} rows in ${p.tables} tables, each table's count as before; ${p.documents} documents open with their key; ` +
    `audit chain intact (${p.verified} rows). The database and the key files open only with the practice key now.`,
  encryptFailed: ({ reason }) => `Encryption failed: ${reason}`,
  changePassphraseUsage:
    'Usage: npm run change-passphrase -- [--data-dir DIR] [--recovery-key] [--new-recovery-key]   (the current passphrase from PASSPHRASE_FILE, PASSPHRASE or the terminal, ' +
    'or the recovery key from RECOVERY_KEY; the new one from NEW_PASSPHRASE or typed twice; --new-recovery-key replaces the recovery key instead, and shows the new one once)',
  changePassphraseNotEncrypted: ({ dataDir }) => `${dataDir} is not encrypted: there is no passphrase to change (npm run encrypt encrypts it). Nothing was changed.`,
  changePassphraseDone: ({ dataDir }) =>
    `The practice passphrase of ${dataDir} is changed: the old one no longer opens it, the recovery key still does. ` +
    'Put the new one where the server reads it at start (PASSPHRASE_FILE or PASSPHRASE); a server running now goes on.',
  changePassphraseFailed: ({ reason }) => `The passphrase was not changed: ${reason}`,
  newRecoveryKeyDone: ({ dataDir }) =>
    `${dataDir} has a new recovery key, the one above: the old one no longer opens it; the passphrase is as it was. Print the new key and keep it apart.`,
  newRecoveryKeyFailed: ({ reason }) => `The recovery key was not replaced: ${reason}`,
  encryptSealedLeftovers: ({ files }) => `Sealed by the practice key the key files still in the clear: ${files}.`,
  restoreUnencryptedRefused: "--unencrypted is for an archive of a plain practice (going back to a release from before encryption); this one is an encrypted practice's, whose records never leave it in the clear. Nothing was written.",
  restoreUnencrypted:
    'The restored data are unencrypted, as the backed-up practice was: for the release from before encryption. Back on this release, npm run encrypt (expediente encrypt) encrypts them again.',

  demoEncryptedPracticeExists: ({ path }) =>
    `${path}: this DATA_DIR already holds an encrypted practice, and the demo never writes over one. Choose an empty DATA_DIR (or --data-dir DIR).`,
  demoPlainDatabaseExists: ({ path }) =>
    `${path} is an unencrypted database with no accounts yet: the demo makes an encrypted practice and does not write over it. Choose an empty DATA_DIR (or --data-dir DIR).`,
  demoEncrypted:
    'Everything DATA_DIR holds is encrypted (the database, the documents and the keys): it opens only with the practice passphrase or its recovery key.',
  demoPassphraseMade: ({ passphrase }) => `Practice passphrase (made for this demo): ${passphrase}`,
  demoPassphraseGiven: ({ source }) => `Practice passphrase: the one in ${source}`,
  demoRecoveryKey: ({ recoveryKey }) => `Recovery key (opens the practice if the passphrase is lost; a real practice prints it and keeps it apart): ${recoveryKey}`,
  demoYourPassphrase: 'your passphrase',
  demoStartEncrypted: ({ command, plain }) =>
    `Start it:  ${command}   (or ${plain} and type the passphrase on the unlock page; then open the URL it prints, http://127.0.0.1:3000 by default)`,
};
