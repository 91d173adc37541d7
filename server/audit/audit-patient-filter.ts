// The audit review's `patient=` filter: a patient's name as an administrator types it (any case, with
// or without accents, words in any order), turned into the ids of the patients it names. The names
// are found through the patient list's own index (patient_search, drizzle/0005: trigrams folded for
// case and accents), never by reading every patient; the events are then found by the trail's
// (patient_id, id) index, as the numeric filter's are. Resolved per request: a patient registered
// or renamed since is found at once.
import type Database from 'better-sqlite3';
import { foldForSearch } from '../../shared/patients';
import { engineNameOf, type DbOrTx } from '../db/engine';
import { preparedText } from '../db/prepared';
import { sqlRows } from '../db/raw-sql';
import { patientsNamedCandidates } from '../db/postgres/search-sql';
import { sqliteConnectionOf } from './audit-connection';

/** The trigram index holds runs of three characters: a shorter word cannot be looked up in it. */
const TRIGRAM = 3;

/** An FTS5 phrase limited to the name: the text taken literally, so * " and operators are only characters. */
const namePhrase = (word: string) => `full_name : "${word.replaceAll('"', '""')}"`;

const wordsOf = (name: string) => foldForSearch(name).split(/\s+/).filter(Boolean);

/**
 * The ids of the patients whose full name ("name lname") holds every word of `name`, in any order.
 * The words of three characters or more are looked up in the index (all of them, or the whole text
 * when every word is shorter: "Li Wu"); the few candidates are then checked word by word, the short
 * ones included. At least three characters are asked for (shared/admin.ts), so there is always a phrase.
 */
export function patientIdsNamed(sqlite: Database.Database, name: string): number[] {
  const { words, phrases } = lookupOf(name);
  const candidates = preparedText(
    sqlite,
    `select p.id as idPatient, u.name || ' ' || u.lname as fullName
     from patient_search s join patients p on p.id = s.rowid join users u on u.id = p.user_id
     where s.patient_search match @match`,
  ).all({ match: phrases.map(namePhrase).join(' AND ') }) as Candidate[];
  return namedBy(candidates, words);
}

/** patientIdsNamed through the handle, on either engine: on PostgreSQL the trigram indexes of patient_search (db/postgres/search-sql.ts). */
export async function patientIdsNamedIn(db: DbOrTx, name: string): Promise<number[]> {
  if (engineNameOf(db) === 'sqlite') return patientIdsNamed(sqliteConnectionOf(db), name);
  const { words, phrases } = lookupOf(name);
  return namedBy(await sqlRows<Candidate>(db, patientsNamedCandidates(phrases)), words);
}

interface Candidate {
  idPatient: number;
  fullName: string;
}

/** The folded words, and the phrases looked up in the index: the words of three characters or more, or the whole text when every word is shorter. */
function lookupOf(name: string): { words: string[]; phrases: string[] } {
  const words = wordsOf(name);
  const indexed = words.filter((word) => [...word].length >= TRIGRAM);
  return { words, phrases: indexed.length ? indexed : [words.join(' ')] };
}

/** The candidates whose full name holds every word, by id. */
function namedBy(candidates: Candidate[], words: string[]): number[] {
  return candidates
    .filter(({ fullName }) => {
      const folded = foldForSearch(fullName);
      return words.every((word) => folded.includes(word));
    })
    .map(({ idPatient }) => idPatient)
    .sort((a, b) => a - b);
}
