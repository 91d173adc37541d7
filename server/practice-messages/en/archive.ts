// The practice's messages for a backup archive read back: what is wrong with one that does not
// open; in English. The same keys as es/, checked by the type.
import type { archive as spanish } from '../es/archive';

export const archive: typeof spanish = {
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
};
