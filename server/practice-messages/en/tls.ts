// The practice's messages for `npm run tls`: the practice's certificate authority and the server
// certificate; in English. The same keys as es/, checked by the type.
import type { tls as spanish } from '../es/tls';

export const tls: typeof spanish = {
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
      'install the authority as docs/operations.md says, and check that the device shows the fingerprint above before trusting it.',
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
};
