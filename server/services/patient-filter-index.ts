// A medic's patient-list filter answered from memory. A new filter through SQLite's trigram table
// cost ~3 ms a request at 50,000 patients (counting a common trigram's matches among the medic's
// links, then the page) and a one- or two-character filter read every link (tens of ms). Here each
// medic's patients are one folded text in the list's order, with a trigram index over it: a filter's
// matches come out already in order, their count is a posting list's length or one pass over the
// candidates, and SQLite is left to read only the page's 50 rows.
// Kept per database and medic at the medic's search_version (migration 0017), which triggers
// replace with every change to what the filter reads (which patients, their order, name, email,
// phone) but not with appointments or blood types: the index outlives a day of bookings.
// Measured with the bench's 50,000 patients (scripts/bench/seed.ts), on its 2-core machine while
// another bench ran: built in ~0.75 s with its query (a third of it folding, a third the trigram
// walks and touching fresh memory), holding ~22 MB: 11.6 MB of heap (folded text 3.9 MB, names,
// sort keys, ids) and 10.4 MB of postings (2.65 million) and offsets, plus one 3.5 MB table that
// every build shares. A filter then costs 0.01 ms for three characters, ~0.5 ms for a longer common
// one, ~1.5 ms for a single letter; the page's 50 rows from SQLite 0.18 ms.
import type { PatientPageKey } from '../../shared/patients';
import { foldForSearch } from '../../shared/patients';
import type { DbOrTx } from '../db/client';
import { postgresPlaceholders, rawRows } from '../db/raw-sql';
import { versionedCache } from '../db/versioned-cache';

/**
 * The list's order: last name, name, then id (the index medic_patients_medic_order_idx reads), each
 * name case-insensitively: SQLite's COLLATE NOCASE, PostgreSQL's lower() in the C collation, the
 * expression its index is built on (server/db/postgres/from-sqlite.ts).
 */
export const LIST_ORDER = {
  sqlite: 'mp.lname COLLATE NOCASE, mp.name COLLATE NOCASE, mp.patient_id',
  postgres: 'lower(mp.lname) COLLATE "C", lower(mp.name) COLLATE "C", mp.patient_id',
};

/** One of the medic's patients, in the list's order: the link's sort key and what the filter reads. */
export interface FilterRow {
  idPatient: number;
  keyLname: string;
  keyName: string;
  name: string;
  lname: string;
  email: string;
  phone: string | null;
}

export interface FilterMatches {
  /** Every segment (patient) the needle is found in. */
  total: number;
  /** The first `take` of them after `afterSegment`, in the list's order. */
  segments: number[];
}

const FIELD_END = '\n';
const SEGMENT_END = '\u0000';
const isSeparator = (code: number) => code === 10 || code === 0;
// eslint-disable-next-line no-control-regex
const SEPARATORS = /[\n\u0000]/;
/**
 * A trigram as one number. Three code units below 1024 (every Latin, Greek and Cyrillic letter, once
 * folded) pack into a small integer, which a Map hashes about three times faster than the wider key
 * used for the rest; that one is at least 2 ** 32, as its first unit is never 0 (a separator).
 */
const trigramKey = (c0: number, c1: number, c2: number) => ((c0 | c1 | c2) < 1024 ? (c0 << 20) | (c1 << 10) | c2 : c0 * 2 ** 32 + c1 * 2 ** 16 + c2);

/**
 * foldForSearch, with a shortcut for ASCII text, which NFD leaves as it is and which holds no
 * accents, so that lower case is the whole fold: most emails and phones, many names.
 */
const fold = (field: string) => (ASCII.test(field) ? field.toLowerCase() : foldForSearch(field));
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

export class PatientFilterIndex {
  /** Every patient's folded fields between '\n's, each patient (segment) ended by '\u0000'. */
  private readonly text: string;
  /** Where each segment starts in `text`; one more entry: the text's length. */
  private readonly starts: Int32Array;
  private readonly patientIds: Int32Array;
  // As read, for the page's cards: search_version changes with each of them, so the page needs only
  // blood type and appointment figures from SQLite (a third of the cost of reading users' rows).
  // Names are kept once each (a practice's names repeat); an email or phone that its fold leaves as
  // it is (nearly all) is kept as undefined and read back from `text` (a phone as null is kept).
  private readonly keyLnames: string[] = [];
  private readonly keyNames: string[] = [];
  private readonly names: string[] = [];
  private readonly lnames: string[] = [];
  private readonly emails: (string | undefined)[] = [];
  private readonly phones: (string | null | undefined)[] = [];
  private readonly segmentOfPatient = new Map<number, number>();
  /** A trigram's key → its number; its segments are postings[offsets[n], offsets[n + 1]), ascending. */
  private readonly trigrams = new Map<number, number>();
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;

  constructor(rows: Iterable<FilterRow>) {
    const parts: string[] = [];
    const starts: number[] = [];
    const ids: number[] = [];
    let length = 0;
    // Names repeat across a practice: each is folded once. Folding took most of the build's time,
    // and folding "name lname" is folding each around the space, which NFD and lower case (even
    // Greek's final sigma, which a space ends) treat as a boundary.
    const foldedNames = new Map<string, { name: string; folded: string }>();
    const known = (name: string) => {
      let entry = foldedNames.get(name);
      if (entry === undefined) foldedNames.set(name, (entry = { name, folded: fold(name) }));
      return entry;
    };
    for (const row of rows) {
      // The fields matchesPatientQuery (shared/patients.ts) reads, folded the same way, one by one.
      const name = known(row.name);
      const lname = known(row.lname);
      const email = fold(row.email);
      const phone = fold(row.phone ?? '');
      const segment = `${name.folded} ${lname.folded}${FIELD_END}${email}${FIELD_END}${phone}${SEGMENT_END}`;
      this.segmentOfPatient.set(row.idPatient, ids.length);
      starts.push(length);
      ids.push(row.idPatient);
      // The link's sort key is a copy of the name (migration 0005): one string kept, not two.
      this.keyLnames.push(row.keyLname === row.lname ? lname.name : row.keyLname);
      this.keyNames.push(row.keyName === row.name ? name.name : row.keyName);
      this.names.push(name.name);
      this.lnames.push(lname.name);
      // Read back from the text only where its fields can be found again: no separator inside one.
      const plain = !SEPARATORS.test(`${row.name}${row.lname}${row.email}${row.phone ?? ''}`);
      this.emails.push(plain && email === row.email ? undefined : row.email);
      this.phones.push(plain && row.phone !== null && phone === row.phone ? undefined : row.phone);
      parts.push(segment);
      length += segment.length;
    }
    starts.push(length);
    this.text = parts.join('');
    this.starts = Int32Array.from(starts);
    this.patientIds = Int32Array.from(ids);
    ({ offsets: this.offsets, postings: this.postings } = this.indexTrigrams());
  }

  /** The patient of a segment. */
  patientAt(segment: number): number {
    return this.patientIds[segment]!;
  }

  /** The patient of a segment with their sort key, name, email and phone, as read at this version. */
  cardAt(segment: number): FilterRow {
    const start = this.starts[segment]!;
    const emailStart = this.text.indexOf(FIELD_END, start) + 1;
    const phoneStart = this.text.indexOf(FIELD_END, emailStart) + 1;
    const phoneEnd = this.starts[segment + 1]! - 1;
    const phone = this.phones[segment];
    return {
      idPatient: this.patientIds[segment]!,
      keyLname: this.keyLnames[segment]!,
      keyName: this.keyNames[segment]!,
      name: this.names[segment]!,
      lname: this.lnames[segment]!,
      email: this.emails[segment] ?? this.text.slice(emailStart, phoneStart - 1),
      phone: phone === undefined ? this.text.slice(phoneStart, phoneEnd) : phone,
    };
  }

  /**
   * The segment a cursor (the sort key of the last patient sent) continues after: -1 for none, or
   * undefined when its patient is no longer here with that key (renamed or unlinked since): the
   * caller then answers from the database, which pages by the key itself.
   */
  segmentAfter(cursor: PatientPageKey | null | undefined): number | undefined {
    if (!cursor) return -1;
    const segment = this.segmentOfPatient.get(cursor.idPatient);
    if (segment === undefined || this.keyLnames[segment] !== cursor.lname || this.keyNames[segment] !== cursor.name) return undefined;
    return segment;
  }

  /**
   * The patients a folded, non-empty needle is found in (in any one field, as matchesPatientQuery
   * finds it): how many, and the first `take` after `afterSegment`.
   */
  query(needle: string, afterSegment: number, take: number): FilterMatches {
    // No field holds a separator; a needle holding one could only match across fields.
    if (!needle || needle.includes(FIELD_END) || needle.includes(SEGMENT_END)) return { total: 0, segments: [] };
    return needle.length < 3 ? this.scan(needle, afterSegment, take) : this.lookUp(needle, afterSegment, take);
  }

  /** A needle too short for a trigram: found in the text, one hit per segment at most. */
  private scan(needle: string, afterSegment: number, take: number): FilterMatches {
    const { text, starts } = this;
    const segments: number[] = [];
    let total = 0;
    let segment = 0;
    let at = text.indexOf(needle);
    while (at !== -1) {
      // Hits come in order, so the segment holding one is found by walking on from the last.
      while (starts[segment + 1]! <= at) segment += 1;
      total += 1;
      if (segment > afterSegment && segments.length < take) segments.push(segment);
      at = text.indexOf(needle, starts[segment + 1]!);
    }
    return { total, segments };
  }

  /** A needle of three or more: its rarest trigram's segments, each checked for the whole needle. */
  private lookUp(needle: string, afterSegment: number, take: number): FilterMatches {
    let from = 0;
    let to = -1;
    for (let at = 0; at + 3 <= needle.length; at += 1) {
      const number = this.trigrams.get(trigramKey(needle.charCodeAt(at), needle.charCodeAt(at + 1), needle.charCodeAt(at + 2)));
      if (number === undefined) return { total: 0, segments: [] };
      const start = this.offsets[number]!;
      const end = this.offsets[number + 1]!;
      if (to === -1 || end - start < to - from) [from, to] = [start, end];
    }
    const { postings, text, starts } = this;
    if (needle.length === 3) {
      // The trigram is the needle: its segments are the matches.
      let low = from;
      let high = to;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (postings[middle]! > afterSegment) high = middle;
        else low = middle + 1;
      }
      return { total: to - from, segments: Array.from(postings.subarray(low, Math.min(to, low + take))) };
    }
    const segments: number[] = [];
    let total = 0;
    for (let at = from; at < to; at += 1) {
      const segment = postings[at]!;
      // A needle without separators found in the segment's text lies inside one field.
      if (!text.slice(starts[segment]!, starts[segment + 1]!).includes(needle)) continue;
      total += 1;
      if (segment > afterSegment && segments.length < take) segments.push(segment);
    }
    return { total, segments };
  }

  /**
   * Every distinct trigram inside a field, with the ascending list of segments holding it, in CSR
   * form: two walks over the text, the first numbering the trigrams and counting their segments,
   * the second writing the segments where the counts say. Fresh memory is slow to touch (5 ms a MB
   * on the bench's machine, more than the walks), so the build keeps no array per position.
   */
  private indexTrigrams(): { offsets: Int32Array; postings: Int32Array } {
    // First walk: each trigram's number of segments.
    const counts = this.walkTrigrams(new Int32Array(1 << 12), undefined);
    const distinct = this.trigrams.size;
    const offsets = new Int32Array(distinct + 1);
    for (let number = 0; number < distinct; number += 1) offsets[number + 1] = offsets[number]! + counts[number]!;
    const postings = new Int32Array(offsets[distinct]!);
    // Second walk: each trigram's segments, from where its list starts.
    this.walkTrigrams(offsets.slice(0, distinct), postings);
    return { offsets, postings };
  }

  /**
   * One walk over every trigram inside a field, numbering each on first sight (in the same order on
   * every walk), once per segment that holds it: without `postings`, adds 1 to `next[number]` (and
   * grows it); with them, writes the segment at `next[number]` and moves it on. Returns `next`.
   * One function for both walks rather than a callback: the call would not be inlined.
   */
  private walkTrigrams(next: Int32Array<ArrayBuffer>, postings: Int32Array | undefined): Int32Array<ArrayBuffer> {
    const { text } = this;
    const asciiNumbers = asciiTrigramTable();
    let lastSegment = new Int32Array(Math.max(1 << 12, this.trigrams.size)).fill(-1);
    let segment = 0;
    let c0 = 0;
    let c1 = 0;
    try {
      for (let at = 0; at < text.length; at += 1) {
        const c2 = text.charCodeAt(at);
        if (c2 === 0) segment += 1;
        if (!isSeparator(c0) && !isSeparator(c1) && !isSeparator(c2)) {
          // Folded trigrams are nearly all printable ASCII: numbered through a flat table, else the Map.
          const slot = c0 >= 32 && c0 < 128 && c1 >= 32 && c1 < 128 && c2 >= 32 && c2 < 128 ? ((c0 - 32) * 96 + (c1 - 32)) * 96 + (c2 - 32) : -1;
          let number = slot === -1 ? (this.trigrams.get(trigramKey(c0, c1, c2)) ?? -1) : asciiNumbers[slot]!;
          if (number === -1) {
            number = this.trigrams.get(trigramKey(c0, c1, c2)) ?? this.trigrams.size;
            this.trigrams.set(trigramKey(c0, c1, c2), number);
            if (slot !== -1) asciiNumbers[slot] = number;
            if (number >= lastSegment.length) lastSegment = grown(lastSegment, -1);
            if (number >= next.length) next = grown(next);
          }
          // A trigram twice in one patient is one posting.
          if (lastSegment[number] !== segment) {
            lastSegment[number] = segment;
            if (postings) postings[next[number]!++] = segment;
            else next[number]! += 1;
          }
        }
        c0 = c1;
        c1 = c2;
      }
      return next;
    } finally {
      // The table is shared by every build: left as found, all -1.
      for (const [key] of this.trigrams) {
        const [k0, k1, k2] = trigramUnits(key);
        if (k0 >= 32 && k0 < 128 && k1 >= 32 && k1 < 128 && k2 >= 32 && k2 < 128) asciiNumbers[((k0 - 32) * 96 + (k1 - 32)) * 96 + (k2 - 32)] = -1;
      }
    }
  }
}

/** The three code units of a trigram key. */
function trigramUnits(key: number): [number, number, number] {
  if (key < 2 ** 30) return [key >>> 20, (key >>> 10) & 1023, key & 1023];
  return [Math.floor(key / 2 ** 32), Math.floor(key / 2 ** 16) % 2 ** 16, key % 2 ** 16];
}

// Printable ASCII trigrams' numbers during a build (-1: not seen yet), 96³ entries (3.5 MB) made
// once per process and left all -1 after each build, rather than touched afresh by each.
let asciiTable: Int32Array | undefined;
const asciiTrigramTable = () => (asciiTable ??= new Int32Array(96 ** 3).fill(-1));

function grown(array: Int32Array<ArrayBuffer>, fill = 0): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(array.length * 2).fill(fill);
  larger.set(array);
  return larger;
}

// The medic's patients in the list's order, with what the filter reads, as the index takes them.
const medicPatients = (order: string) => `SELECT mp.patient_id AS "idPatient", mp.lname AS "keyLname", mp.name AS "keyName",
    u.name AS name, u.lname AS lname, u.email AS email, u.phone AS phone
  FROM medic_patients mp JOIN patients pt ON pt.id = mp.patient_id JOIN users u ON u.id = pt.user_id
  WHERE mp.medic_id = ? ORDER BY ${order}`;
const MEDIC_PATIENTS = { sqlite: medicPatients(LIST_ORDER.sqlite), postgres: postgresPlaceholders(medicPatients(LIST_ORDER.postgres)) };

const filterRowsOf = (db: DbOrTx, medicId: number): Promise<FilterRow[]> => rawRows<FilterRow>(db, MEDIC_PATIENTS, [medicId]);

/** Medics whose index the server keeps per database: a practice's handful of medics, each ~22 MB at 50,000 patients. */
export const CACHED_FILTER_INDEXES = 8;
const indexes = versionedCache<number, PatientFilterIndex>(CACHED_FILTER_INDEXES);

/** The medic's filter index at `searchVersion`, read inside the same transaction as the version. */
export const patientFilterIndex = async (db: DbOrTx, medicId: number, searchVersion: number): Promise<PatientFilterIndex> =>
  await indexes.at(db, medicId, searchVersion, async () => new PatientFilterIndex(await filterRowsOf(db, medicId)));
