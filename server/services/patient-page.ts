// One page of a medic's patients (API.md "Paged patient list"), in the list's order: last name,
// name, then id, with a keyset cursor. Every read is driven by an index, so that a page costs
// about the same for a medic with 500 patients as for one with 50,000 (migration 0005 builds them):
// - order and cursor: medic_patients_medic_order_idx, over the sort key copied into the links;
// - the unfiltered total: medic_patient_counts, kept by triggers;
// - a filter: the medic's filter index in memory (patient-filter-index.ts), which gives the
//   matches' count and the page's patients in order with their names, email and phone; the database then
//   reads only their blood types and appointment figures, by key (card-figures.ts keeps the
//   figures at each patient's record_version). Through SQL a new filter cost ~3 ms at
//   50,000 patients (a common trigram's matches counted among the links, then the page), and a one-
//   or two-character one tens of ms (every link read for the total).
//   The SQL path stays for a cursor whose patient the index no longer holds with that key (renamed or
//   unlinked since the page before): it pages by the key itself. It uses the trigram table
//   patient_search for three characters or more, and reads the medic's links for fewer.
// Appointment figures are read for the page's rows only, from clinical_histories(patient_id, date).
// A page read before is answered from memory while the medic's list_version is unchanged (triggers
// of migration 0008 replace it with every change to what the list shows) and none of its patients'
// next appointments has begun (card-appointments.ts): a medic comes back to the first page of their
// list far more often than anything in it changes.
import { foldForSearch, encodePatientCursor, type PatientListItem, type PatientPage, type PatientPageKey } from '../../shared/patients';
import { auditedRead } from '../audit/record-audit';
import type { DbOrTx } from '../db/client';
import { engineNameOf } from '../db/engine';
import { rawRows } from '../db/raw-sql';
import { containing } from '../db/postgres/search-sql';
import { deepFreeze, keptFromSecondRequest } from '../db/versioned-cache';
import { withKnownJson } from '../json-text';
import { appointmentColumnsFor, nowMoment, soonest, stillHolds, type ReadAt } from './card-appointments';
import { auditAs, type MedicCaller } from './caller';
import { cardFiguresOf } from './card-figures';
import { LIST_ORDER, patientFilterIndex } from './patient-filter-index';

export interface PatientPageQuery {
  limit: number;
  q: string;
  cursor?: PatientPageKey | null;
}

/** The trigram tokenizer indexes runs of three characters: a shorter needle cannot use it. */
const TRIGRAM = 3;

const AFTER_CURSOR = '(mp.lname, mp.name, mp.patient_id) > (@lname COLLATE NOCASE, @name COLLATE NOCASE, @idPatient)';
const IN_ORDER = LIST_ORDER.sqlite;
const MATCHES = 'patient_search s CROSS JOIN medic_patients mp ON mp.medic_id = @medicId AND mp.patient_id = s.rowid WHERE s.patient_search MATCH @match';
// The fields the filter reads, as one text: a line feed between them, which no needle holds.
const GLOBS = "(u.name || ' ' || u.lname || char(10) || u.email || char(10) || coalesce(u.phone, '')) GLOB @glob";

/** The page's rows, chosen by `chosen` (patient_id, lname, name in order), with what a card shows. */
const pageOf = (chosen: string) => `
  WITH page AS (${chosen})
  SELECT page.patient_id AS idPatient, u.name AS name, u.lname AS lname, u.email AS email, u.phone AS phone,
    pt.blood_group AS bloodGroup, pt.blood_rh AS bloodRh, ${appointmentColumnsFor('page.patient_id')},
    (SELECT count(*) FROM clinical_histories h WHERE h.patient_id = page.patient_id) AS appointmentCount,
    page.lname AS keyLname, page.name AS keyName
  FROM page JOIN patients pt ON pt.id = page.patient_id JOIN users u ON u.id = pt.user_id
  ORDER BY page.lname COLLATE NOCASE, page.name COLLATE NOCASE, page.patient_id`;

// SQLite's statements: FTS5's MATCH, GLOB, COLLATE NOCASE, char(), and named parameters
// (@medicId...) bound from one object. Each text is compiled once per connection (sqlite-router.ts).
// PostgreSQL's twins follow (postgresStatements).
const sqliteStatements = {
  // An aggregate over at most one row: always one row, with 0 and 0 for a medic with no patients yet.
  linkCount: `SELECT coalesce(max(patients), 0) AS total, coalesce(max(list_version), 0) AS version, coalesce(max(search_version), 0) AS searchVersion
    FROM medic_patient_counts WHERE medic_id = @medicId`,
  all: pageOf(`SELECT mp.patient_id, mp.lname, mp.name FROM medic_patients mp
    WHERE mp.medic_id = @medicId AND ${AFTER_CURSOR} ORDER BY ${IN_ORDER} LIMIT @take`),
  matchCount: `SELECT count(*) AS total FROM ${MATCHES}`,
  // A medic linked to every patient of the practice (a practice of one) needs no join to count.
  practicePatients: 'SELECT count(*) AS total FROM patients',
  everyMatch: 'SELECT count(*) AS total FROM patient_search WHERE patient_search MATCH @match',
  // Few matches: look each up and sort them.
  sparseMatches: pageOf(`SELECT mp.patient_id, mp.lname, mp.name FROM ${MATCHES} AND ${AFTER_CURSOR} ORDER BY ${IN_ORDER} LIMIT @take`),
  // Many matches: walk the medic's links in order, keeping those in the set of matches, until the page is full.
  denseMatches: pageOf(`SELECT mp.patient_id, mp.lname, mp.name FROM medic_patients mp
    WHERE mp.medic_id = @medicId AND ${AFTER_CURSOR}
      AND mp.patient_id IN (SELECT rowid FROM patient_search WHERE patient_search MATCH @match)
    ORDER BY ${IN_ORDER} LIMIT @take`),
  globCount: `SELECT count(*) AS total FROM medic_patients mp
    JOIN patients pt ON pt.id = mp.patient_id JOIN users u ON u.id = pt.user_id
    WHERE mp.medic_id = @medicId AND ${GLOBS}`,
  globPage: pageOf(`SELECT mp.patient_id, mp.lname, mp.name FROM medic_patients mp
    JOIN patients pt ON pt.id = mp.patient_id JOIN users u ON u.id = pt.user_id
    WHERE mp.medic_id = @medicId AND ${AFTER_CURSOR} AND ${GLOBS} ORDER BY ${IN_ORDER} LIMIT @take`),
};

type Statement = keyof typeof sqliteStatements;

// PostgreSQL: the same statements. The filter reads patient_search (kept by triggers, folded as
// foldForSearch folds) as server/db/postgres/search-sql.ts's patientSearchHolds does: LIKE
// '%needle%' (@pattern, its % _ \ escaped) over each folded field, served by their trigram indexes;
// a needle too short for a trigram is the same test (GLOB's classes fold case and accents, which the
// folded fields already have), so globCount and globPage are matchCount and sparseMatches. Names
// order by lower() in the C collation (LIST_ORDER), camelCase names are quoted, parameters typed.
const PG_AFTER_CURSOR = '(lower(mp.lname) COLLATE "C", lower(mp.name) COLLATE "C", mp.patient_id) > (lower(@lname::text) COLLATE "C", lower(@name::text) COLLATE "C", @idPatient::bigint)';
const PG_IN_ORDER = LIST_ORDER.postgres;
const PG_HOLDS = '(s.full_name LIKE @pattern OR s.email LIKE @pattern OR s.phone LIKE @pattern)';
const PG_MATCHES = `patient_search s JOIN medic_patients mp ON mp.medic_id = @medicId AND mp.patient_id = s.patient_id WHERE ${PG_HOLDS}`;
const pgPageOf = (chosen: string) => `
  WITH page AS (${chosen})
  SELECT page.patient_id AS "idPatient", u.name AS name, u.lname AS lname, u.email AS email, u.phone AS phone,
    pt.blood_group AS "bloodGroup", pt.blood_rh AS "bloodRh",
    (SELECT max(h.date) FROM clinical_histories h WHERE h.patient_id = page.patient_id AND h.date <= @now::text) AS "lastAppointment",
    (SELECT min(h.date) FROM clinical_histories h WHERE h.patient_id = page.patient_id AND h.date > @now::text) AS "nextAppointment",
    (SELECT count(*) FROM clinical_histories h WHERE h.patient_id = page.patient_id) AS "appointmentCount",
    page.lname AS "keyLname", page.name AS "keyName"
  FROM page JOIN patients pt ON pt.id = page.patient_id JOIN users u ON u.id = pt.user_id
  ORDER BY lower(page.lname) COLLATE "C", lower(page.name) COLLATE "C", page.patient_id`;
const pgSparseMatches = pgPageOf(`SELECT mp.patient_id, mp.lname, mp.name FROM ${PG_MATCHES} AND ${PG_AFTER_CURSOR} ORDER BY ${PG_IN_ORDER} LIMIT @take`);
const pgMatchCount = `SELECT count(*) AS total FROM ${PG_MATCHES}`;
const postgresStatements: Record<Statement, string> = {
  linkCount: `SELECT coalesce(max(patients), 0) AS total, coalesce(max(list_version), 0) AS version, coalesce(max(search_version), 0) AS "searchVersion"
    FROM medic_patient_counts WHERE medic_id = @medicId`,
  all: pgPageOf(`SELECT mp.patient_id, mp.lname, mp.name FROM medic_patients mp
    WHERE mp.medic_id = @medicId AND ${PG_AFTER_CURSOR} ORDER BY ${PG_IN_ORDER} LIMIT @take`),
  matchCount: pgMatchCount,
  practicePatients: 'SELECT count(*) AS total FROM patients',
  everyMatch: `SELECT count(*) AS total FROM patient_search s WHERE ${PG_HOLDS}`,
  sparseMatches: pgSparseMatches,
  denseMatches: pgPageOf(`SELECT mp.patient_id, mp.lname, mp.name FROM medic_patients mp
    WHERE mp.medic_id = @medicId AND ${PG_AFTER_CURSOR}
      AND mp.patient_id IN (SELECT s.patient_id FROM patient_search s WHERE ${PG_HOLDS})
    ORDER BY ${PG_IN_ORDER} LIMIT @take`),
  globCount: pgMatchCount,
  globPage: pgSparseMatches,
};

/** A PostgreSQL text with `@name`s as $1, $2…, and the names in that order. */
function positional(text: string): { text: string; names: string[] } {
  const names: string[] = [];
  const converted = text.replace(/@(\w+)/g, (_, name: string) => {
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { text: converted, names };
}
const postgresPositional = Object.fromEntries(Object.entries(postgresStatements).map(([name, text]) => [name, positional(text)])) as Record<
  Statement,
  { text: string; names: string[] }
>;

/** The rows of a statement, its named parameters taken from `params` (keys it does not name are left alone). */
function rowsOf<Row>(db: DbOrTx, statement: Statement, params: object = {}): Promise<Row[]> {
  if (engineNameOf(db) === 'sqlite') return rawRows<Row>(db, sqliteStatements[statement], [params]);
  const { text, names } = postgresPositional[statement];
  const named = params as Record<string, unknown>;
  return rawRows<Row>(db, { sqlite: sqliteStatements[statement], postgres: text }, names.map((name) => named[name]));
}
/** The one row of an aggregate's statement. */
const rowOf = async <Row>(db: DbOrTx, statement: Statement, params: object = {}) => (await rowsOf<Row>(db, statement, params))[0]!;
/** A count's statement answers one row with its `total`. */
const totalOf = async (db: DbOrTx, statement: Statement, params: object = {}) => (await rowOf<{ total: number }>(db, statement, params)).total;

/** An FTS5 phrase: the text taken literally, so % _ * and quotes are only characters. */
const phraseOf = (needle: string) => `"${needle.replaceAll('"', '""')}"`;

// Characters that fold to each folded character (é, É, E fold to e), for the scripts patients'
// names are written in; built once, on the first short filter.
let foldVariants: Map<string, Set<string>> | undefined;
function variantsOf(folded: string): Set<string> {
  if (!foldVariants) {
    foldVariants = new Map();
    const ranges = [
      [0x20, 0x24f], // Latin, Latin-1 and Latin Extended-A and -B
      [0x370, 0x52f], // Greek and Cyrillic
      [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese...)
    ] as const;
    for (const [first, last] of ranges) {
      for (let code = first; code <= last; code += 1) {
        const character = String.fromCodePoint(code);
        const base = foldForSearch(character);
        if ([...base].length !== 1) continue;
        const variants = foldVariants.get(base) ?? new Set([base]);
        foldVariants.set(base, variants.add(character));
      }
    }
  }
  return foldVariants.get(folded) ?? new Set([folded, folded.toUpperCase()].filter((variant) => [...variant].length === 1));
}

/**
 * A GLOB pattern that finds `needle` (already folded) anywhere, whatever the case or accents of the
 * stored text: each character becomes the class of those that fold to it. GLOB has no escape
 * character; * ? and [ are taken literally inside a class.
 */
function globOf(needle: string): string {
  const classes = [...needle].map((character) => {
    const variants = [...variantsOf(character)];
    if (variants.length === 1 && !'*?['.includes(character)) return character;
    // In a class ] must come first, - last, and ^ anywhere but first.
    const plain = variants.filter((variant) => !']-^'.includes(variant)).join('');
    const has = (special: string) => (variants.includes(special) ? special : '');
    return `[${has(']')}${plain}${has('^')}${has('-')}]`;
  });
  return `*${classes.join('')}*`;
}

interface PageRow extends PatientListItem {
  keyLname: string;
  keyName: string;
}

/** One page of the medic's patients, whose total is every patient the filter finds. */
export async function readPatientPage(caller: MedicCaller, input: PatientPageQuery): Promise<PatientPage> {
  // The page, its total and its audit event in one transaction.
  return await auditedRead(caller.db, (db) => pageWithin(caller, db, input));
}

/** Pages kept in memory per database: the ones being read again, not every page of the practice. */
export const CACHED_PAGES = 100;

/** A page as read at a moment, right until the soonest next appointment on it. */
interface ReadPage extends ReadAt {
  page: Readonly<PatientPage>;
}

// Frozen, with its JSON made once: every later reader of this page at this version shares both.
const cachedPages = keptFromSecondRequest<string, ReadPage>(CACHED_PAGES, (read) => ({ ...read, page: withKnownJson(deepFreeze(read.page)) }));

interface PageParams {
  medicId: number;
  lname: string;
  name: string;
  idPatient: number;
  take: number;
  /** The practice-local moment that parts last appointments from next ones. */
  now: string;
}

async function pageWithin(caller: MedicCaller, db: DbOrTx, input: PatientPageQuery): Promise<PatientPage> {
  const needle = foldForSearch(input.q.trim().normalize('NFC'));
  const { medicId } = caller.actor;
  const cursor = input.cursor ?? { lname: '', name: '', idPatient: 0 };
  const now = nowMoment(caller.now);
  // One row more than asked for says whether there is a next page.
  const params = { medicId, lname: cursor.lname, name: cursor.name, idPatient: cursor.idPatient, take: input.limit + 1, now };
  const { total: links, version, searchVersion } = await rowOf<{ total: number; version: number; searchVersion: number }>(db, 'linkCount', params);
  const key = JSON.stringify([medicId, input.limit, needle, cursor.lname, cursor.name, cursor.idPatient]);
  const read = async (): Promise<ReadPage> => {
    // A filter is answered by the medic's index when it can place the cursor (always without one).
    const chosen = needle ? await fromFilterIndex(db, params, needle, { list: version, search: searchVersion }, input.cursor) : undefined;
    const page = chosen ?? (await readPage(db, params, needle, links));
    return { page, readAt: now, until: soonest(page.patients.map((patient) => patient.nextAppointment)) };
  };
  // Kept at list_version (search_version changes only with it, so a filtered page kept there stays
  // right) until its soonest next appointment: a page of the whole list from its first request, a
  // filtered one from its second.
  const { page } = await cachedPages(db, key, version, read, !needle, (kept) => stillHolds(kept, now));
  await auditAs(caller, { action: 'patients.list', outcome: 'success', detail: `${page.patients.length} of ${page.total} patients${needle ? ', filtered' : ''}` }, db);
  return page;
}

/**
 * The filtered page from the medic's filter index, with blood types and appointment figures read by
 * key; undefined when the cursor's patient is no longer in the index with the cursor's sort key.
 */
async function fromFilterIndex(
  db: DbOrTx,
  params: PageParams,
  needle: string,
  versions: { list: number; search: number },
  cursor: PatientPageKey | null | undefined,
): Promise<PatientPage | undefined> {
  const index = await patientFilterIndex(db, params.medicId, versions.search);
  const after = index.segmentAfter(cursor);
  if (after === undefined) return undefined;
  const { total, segments } = index.query(needle, after, params.take);
  const cards = segments.map((segment) => index.cardAt(segment));
  const figures = cards.length
    ? await cardFiguresOf(db, cards.map((card) => card.idPatient), { medicId: params.medicId, listVersion: versions.list }, params.now)
    : [];
  // The index and the rows are read at the same version, so every patient is there, in order; if one
  // were not, the database's own path answers rather than a page with a hole.
  if (figures.length !== cards.length || figures.some((figure, at) => figure.idPatient !== cards[at]!.idPatient)) return undefined;
  const rows = cards.map(({ idPatient, name, lname, email, phone, keyLname, keyName }, at): PageRow => {
    const { bloodGroup, bloodRh, lastAppointment, nextAppointment, appointmentCount } = figures[at]!;
    // The fields in the order the SQL path gives them: the same JSON whichever path answers.
    return { idPatient, name, lname, email, phone, bloodGroup, bloodRh, lastAppointment, nextAppointment, appointmentCount, keyLname, keyName };
  });
  return shownPage(rows, params.take - 1, total);
}

/** The page from the database; `links` is how many patients the medic has. */
async function readPage(db: DbOrTx, params: PageParams, needle: string, links: number): Promise<PatientPage> {
  let total: number;
  let rows: PageRow[];
  if (!needle) {
    total = links;
    rows = await rowsOf<PageRow>(db, 'all', params);
  } else if ([...needle].length >= TRIGRAM) {
    const match = { ...params, match: phraseOf(needle), pattern: containing(needle) };
    // The index has one row per patient: when the medic is linked to all of them, its count is theirs
    // (for a common trigram a quarter of the cost of looking every match up among the links).
    const patients = await totalOf(db, 'practicePatients');
    total = await totalOf(db, links === patients ? 'everyMatch' : 'matchCount', match);
    // Walking the links in order reads about take × links / total of them before the page is full;
    // looking the matches up reads every match in the practice, about total × patients / links of
    // them (the medic's share of the practice). Take whichever is fewer.
    const dense = total * total * patients > params.take * links * links;
    rows = await rowsOf<PageRow>(db, dense ? 'denseMatches' : 'sparseMatches', match);
  } else {
    const glob = { ...params, glob: globOf(needle), pattern: containing(needle) };
    total = await totalOf(db, 'globCount', glob);
    rows = await rowsOf<PageRow>(db, 'globPage', glob);
  }

  return shownPage(rows, params.take - 1, total);
}

/** The page shown from `rows` (one more than `limit` when there is a next page). */
function shownPage(rows: PageRow[], limit: number, total: number): PatientPage {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    patients: shown.map(({ keyLname: _lname, keyName: _name, ...patient }) => patient),
    nextCursor: more && last ? encodePatientCursor({ lname: last.keyLname, name: last.keyName, idPatient: last.idPatient }) : null,
    total,
  };
}
