// The searches SQLite answers with its FTS5 tables, written for PostgreSQL (drizzle's `sql`, rendered
// by its PostgreSQL dialect): the same inputs, the same rows. The tables and indexes they read are made
// by drizzle/postgres/0003 (patient_search, with trigram indexes) and 0005 (trigram indexes over the
// diagnosis names); both sides are folded as shared/patients.ts's foldForSearch folds (expediente_fold:
// NFD, combining marks removed, Unicode lower case), as FTS5's remove_diacritics folds them.
import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../../shared/constants';
import { foldForSearch } from '../../../shared/patients';

/** A LIKE pattern that finds `text` anywhere, its % _ and \ taken literally (LIKE's escape is \). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

// --- The patient list's filter (SQLite: patient_search, FTS5 trigram, drizzle/0005) -----------------
// FTS5's phrase "needle" over the trigram table finds the rows where one of full_name, email or phone
// holds the needle as a substring (three characters or more: the callers use it only for those). Here
// the same substring test, LIKE '%needle%' per column, served by each column's trigram index.
// `needle` is as the services pass it: already folded (foldForSearch) and trimmed.

/**
 * Every patient's search row written anew from their account, and those of patients no longer there
 * removed: for rows written with the rules' triggers off (a practice copied in from SQLite, whose
 * FTS5 table holds no text to copy). The triggers keep it from then on.
 */
export function rebuildPatientSearch(): SQL {
  return sql`with gone as (delete from patient_search where patient_id not in (select id from patients))
    insert into patient_search (patient_id, full_name, email, phone)
    select p.id, expediente_fold(u.name || ' ' || u.lname), expediente_fold(u.email), expediente_fold(coalesce(u.phone, ''))
    from patients p join users u on u.id = p.user_id
    on conflict (patient_id) do update set full_name = excluded.full_name, email = excluded.email, phone = excluded.phone`;
}

/** The condition "this patient_search row (as `s`) holds the needle": FTS5's `s.patient_search MATCH "needle"`. */
export function patientSearchHolds(needle: string): SQL {
  const pattern = containing(needle);
  return sql`(s.full_name like ${pattern} or s.email like ${pattern} or s.phone like ${pattern})`;
}

/** The ids of every patient the needle finds: `SELECT rowid FROM patient_search WHERE patient_search MATCH @match`. */
export function patientIdsMatching(needle: string): SQL {
  return sql`select s.patient_id from patient_search s where ${patientSearchHolds(needle)}`;
}

/** How many patients of the practice the needle finds (patient-page's everyMatch). */
export function everyPatientMatchCount(needle: string): SQL {
  return sql`select count(*)::integer as total from patient_search s where ${patientSearchHolds(needle)}`;
}

/**
 * The matches among one medic's links, as patient-page's MATCHES (patient_search s CROSS JOIN
 * medic_patients mp ... MATCH): the FROM and WHERE of its count and its sparse page, to which a caller
 * adds the cursor's condition and order. The list's order on PostgreSQL is
 * lower(mp.lname) collate "C", lower(mp.name) collate "C", mp.patient_id (medic_patients_medic_order_idx).
 */
export function medicPatientMatches(medicId: number, needle: string): SQL {
  return sql`patient_search s join medic_patients mp on mp.medic_id = ${medicId} and mp.patient_id = s.patient_id where ${patientSearchHolds(needle)}`;
}

/** How many of a medic's patients the needle finds (patient-page's matchCount). */
export function medicPatientMatchCount(medicId: number, needle: string): SQL {
  return sql`select count(*)::integer as total from ${medicPatientMatches(medicId, needle)}`;
}

/**
 * The audit review's patient filter (audit/audit-patient-filter.ts): the patients whose full name
 * holds every phrase (FTS5: `full_name : "w1" AND full_name : "w2"`), with that name as the account
 * has it, for the caller's word-by-word check. `phrases` are the folded words (or the whole folded
 * text), as the SQLite query is given them.
 */
export function patientsNamedCandidates(phrases: readonly string[]): SQL {
  const holds = sql.join(
    phrases.map((phrase) => sql`s.full_name like ${containing(phrase)}`),
    sql` and `,
  );
  return sql`select p.id as "idPatient", u.name || ' ' || u.lname as "fullName"
    from patient_search s join patients p on p.id = s.patient_id join users u on u.id = p.user_id
    where ${holds}`;
}

// --- The diagnosis catalog (SQLite: diagnoses_fts, FTS5 unicode61 remove_diacritics 2, drizzle/0011) --
// FTS5 there is asked `name_xx : ("w1"* "w2"*)`: every word of the query as the start of a word of the
// name, in any order, case and accents aside. Words are cut as services/diagnosis-catalog.ts's
// ftsQuery cuts them (runs of letters and digits, at most eight). Here each word must follow the
// name's start or a character that is not a letter or digit; the trigram index over the folded name
// narrows the rows for words of three characters or more.

/** Words of a query beyond this many are ignored, as on SQLite. */
const MAX_WORDS = 8;

/** The query's words, folded, as the catalog search cuts them; empty when it has none. */
export const diagnosisWords = (text: string): string[] =>
  text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map(foldForSearch);

const escapedForRegex = (word: string) => word.replace(/[\\^$.|?*+()[\]{}-]/g, (character) => `\\${character}`);

/**
 * The catalog's byWords search (services/diagnosis-catalog.ts): names in `searched`'s language holding
 * every word of `text` as a word's start, answered in `lang` (English falls back to the Spanish name),
 * most used first, then three-character categories, then shorter names, then by code. Undefined when
 * the text has no word (ftsQuery's undefined). Rows: code, name, exact (always 0).
 */
export function diagnosesByWords(lang: Language, searched: Language, text: string, limit: number): SQL | undefined {
  const words = diagnosisWords(text);
  if (words.length === 0) return undefined;
  const searchedName = searched === 'en' ? sql`d.name_en` : sql`d.name_es`;
  const shownName = lang === 'en' ? sql`coalesce(d.name_en, d.name_es)` : sql`d.name_es`;
  const holds = sql.join(
    words.map((word) => sql`expediente_fold(${searchedName}) ~ ${`(^|[^[:alnum:]])${escapedForRegex(word)}`}`),
    sql` and `,
  );
  // Words of three characters or more narrow the rows through the trigram index. Words all shorter
  // than that cannot: the rows are then walked in the answer's order (the search-order index,
  // drizzle/postgres/0007) until the limit is reached. `uses + 0` keeps the planner off that walk when
  // the trigram index can narrow: a common prefix ("diabe") would fold rows far down the order.
  const usesOrder = words.every((word) => word.length < 3) ? sql`d.uses` : sql`(d.uses + 0)`;
  return sql`select d.code, ${shownName} as name, 0 as exact from diagnoses d
    where ${holds}
    order by ${usesOrder} desc, (length(d.compact) = 3) desc, length(${shownName}), d.code collate "C"
    limit ${limit}`;
}
