// The practice's messages for `npm run audit:verify` and the audit trail's checks: its chain and
// its sealed head; in English. The same keys as es/, checked by the type.
import type { audit as spanish } from '../es/audit';

const sealedHead = (writtenAt: string) => `the sealed head of ${writtenAt}`;

export const audit: typeof spanish = {
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
};
