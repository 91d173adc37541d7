// The one reader of the diagnosis catalog (loaded by diagnosis-catalog-loader.ts): the search behind
// GET /catalog/diagnoses and the combobox, and the names of the codes an appointment is written with.
// Statements are prepared once per connection; a search runs at most three of them, each bounded
// by the limit, so a keystroke costs well under a millisecond of SQLite.
//
// Languages: `es` searches and answers the Spanish names. `en` searches the English names, then the
// Spanish ones when the English found too few (a doctor using the English interface in a Spanish
// practice may well type "hipertension"), and answers in English where a name exists. A code with no
// English name (3,555 WHO-only codes, see scripts/catalog/SOURCES.md) is still found and answers its
// Spanish name rather than nothing: the code is what the doctor asked for.
import type { Diagnosis } from '../../shared/catalog';
import { compactCode } from '../../shared/catalog';
import type { Language } from '../../shared/constants';
import type { DbOrTx } from '../db/client';
import { connectionOf, preparedPerConnection } from '../db/prepared';

/** Words of a query beyond this many are ignored: nobody types a whole chapter into a combobox. */
const MAX_WORDS = 8;

const nameOf = (lang: Language) => (lang === 'en' ? 'coalesce(d.name_en, d.name_es)' : 'd.name_es');

/** Exact code (with or without its dot) first, then codes that start with it, shortest first. */
const byCodeSql = (lang: Language) => `
  select d.code, ${nameOf(lang)} as name from diagnoses d
  where compact >= :compact and compact < :compact || '~'
  order by compact = :compact desc, length(compact), compact
  limit :limit`;

/** Every word as a prefix of a word of the name in this language; the shortest names first. */
const byWordsSql = (lang: Language) => `
  select d.code, ${nameOf(lang)} as name from diagnoses_fts f join diagnoses d on d.rowid = f.rowid
  where diagnoses_fts match :match
  order by length(${nameOf(lang)}), d.code
  limit :limit`;

type Row = Diagnosis;

const statements = preparedPerConnection((db) => {
  const connection = connectionOf(db);
  const prepare = (text: string) => connection.prepare<{ compact?: string; match?: string; limit: number }, Row>(text);
  return {
    byCode: { es: prepare(byCodeSql('es')), en: prepare(byCodeSql('en')) },
    byWords: { es: prepare(byWordsSql('es')), en: prepare(byWordsSql('en')) },
    named: connection.prepare<[string, string], Row>('select code, name_es as name from diagnoses where code = ? or compact = ? limit 1'),
  };
});

/**
 * The query's words as an FTS5 expression that can only mean "all these prefixes": each word is
 * cut out of the text by the same rule as the index's tokenizer (letters and digits), then written
 * as a quoted string, so FTS5's own syntax in user input ("AND", "NEAR", `*`, `"`, `(`, `:`) is
 * either dropped or searched for as a word, and can never be read as an operator.
 */
export function ftsQuery(text: string, lang: Language): string | undefined {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  const column = lang === 'en' ? 'name_en' : 'name_es';
  return `${column} : (${words.map((word) => `"${word.replace(/"/g, '""')}"*`).join(' ')})`;
}

/** GET /catalog/diagnoses: codes first (exact, then by prefix), then names by their words, at most `limit`. */
export function searchDiagnoses(db: DbOrTx, query: { q: string; lang: Language; limit: number }): Diagnosis[] {
  const text = query.q.trim();
  if (!text) return [];
  const { byCode, byWords } = statements(db);
  const found = new Map<string, string>();
  const compact = compactCode(text);
  if (compact) for (const row of byCode[query.lang].all({ compact, limit: query.limit })) found.set(row.code, row.name);
  const searchedNames: Language[] = query.lang === 'en' ? ['en', 'es'] : ['es'];
  for (const names of searchedNames) {
    const match = ftsQuery(text, names);
    if (!match || found.size >= query.limit) break;
    // Asked for as many as could be new: some may be codes already found above.
    for (const row of byWords[query.lang].all({ match, limit: query.limit + found.size })) {
      if (found.size >= query.limit) break;
      if (!found.has(row.code)) found.set(row.code, row.name);
    }
  }
  return [...found].map(([code, name]) => ({ code, name }));
}

/**
 * The catalog's entry for each code as typed ("e11.9", "E119" and "E11.9" are one code), in the
 * order given, each once; `unknown` lists what the catalog does not hold, as it was typed.
 * Names are the Spanish ones: the note is the practice's record, written in its language.
 */
export function resolveDiagnoses(db: DbOrTx, codes: readonly string[]): { diagnoses: Diagnosis[]; unknown: string[] } {
  const { named } = statements(db);
  const diagnoses = new Map<string, string>();
  const unknown: string[] = [];
  for (const typed of codes) {
    const compact = compactCode(typed);
    const row = compact ? named.get(typed.trim(), compact) : undefined;
    if (row) diagnoses.set(row.code, row.name);
    else unknown.push(typed);
  }
  return { diagnoses: [...diagnoses].map(([code, name]) => ({ code, name })), unknown };
}
