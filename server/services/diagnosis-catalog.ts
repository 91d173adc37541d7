// The one reader of the diagnosis catalog (loaded by diagnosis-catalog-loader.ts): the search behind
// GET /catalog/diagnoses and the combobox, and the names of the codes an appointment is written with.
// Statements are compiled once per connection and text (the engine keeps them); a search runs a few
// of them, each bounded by the limit (one per synonym code), so a keystroke costs about a
// millisecond of SQLite.
//
// Ranking, as a clinician expects: the code typed exactly; then the codes of a term doctors type
// for it (diagnosis-synonyms.tsv: "DM2" → E11, "hipertension" → I10) typed exactly, with their
// subdivisions, then those of the terms the text begins ("diabe" → E11, E10); then the codes the
// text begins; then names holding every word. Among codes by prefix and among names, those this
// practice writes most come first (diagnoses.uses, kept by triggers), then three-character
// categories (I10, E11) before their rarely used subcodes, then shorter names, which add less to
// the word typed than "Hipertensión portal" or "Hipertensión neonatal" do.
//
// Languages: names in the language asked for are searched first, then those of the other language
// (a doctor in the Spanish interface may type "hypertension", in the English one "hipertension"),
// answering in the language asked for where a name exists. A code with no English name (3,555
// WHO-only codes, see scripts/catalog/SOURCES.md) is still found and answers its Spanish name
// rather than nothing: the code is what the doctor asked for.
import type { Diagnosis } from '../../shared/catalog';
import { compactCode } from '../../shared/catalog';
import type { Language } from '../../shared/constants';
import type { DbOrTx } from '../db/client';
import { engineNameOf } from '../db/engine';
import { diagnosesByWords } from '../db/postgres/search-sql';
import { rawGet, rawRows, sqlRows } from '../db/raw-sql';
import { synonymHits } from './diagnosis-synonyms';
import { positional } from '../db/named-parameters';

/** Words of a query beyond this many are ignored: nobody types a whole chapter into a combobox. */
const MAX_WORDS = 8;

const nameOf = (lang: Language) => (lang === 'en' ? 'coalesce(d.name_en, d.name_es)' : 'd.name_es');
const otherLanguage = (lang: Language): Language => (lang === 'en' ? 'es' : 'en');

/** How often this practice wrote the code (0 when never): a column of the row read anyway, kept by triggers. */
const USES = 'd.uses';

/** Exact code (with or without its dot) first, then codes that start with it: most used, then shortest. */
const byCodeSql = (lang: Language) => `
  select d.code, ${nameOf(lang)} as name, d.compact = :compact as exact from diagnoses d
  where compact >= :compact and compact < :compact || '~'
  order by compact = :compact desc, ${USES} desc, length(compact), compact
  limit :limit`;

/**
 * byCodeSql on PostgreSQL: the range compared by bytes (collate "C"), as SQLite compares text, whatever
 * the cluster's collation (which may not place '~' after every letter and digit); the parameter typed.
 */
const byCodePostgresSql = (lang: Language) => `
  select d.code, ${nameOf(lang)} as name, d.compact = :compact as exact from diagnoses d
  where d.compact collate "C" >= :compact and d.compact collate "C" < cast(:compact as text) || '~'
  order by d.compact = :compact desc, ${USES} desc, length(d.compact), d.compact collate "C"
  limit :limit`;

/**
 * Every word as a prefix of a word of a name: most used, then categories, then the shortest names.
 * SQLite: the FTS5 index diagnoses_fts and its `match`; PostgreSQL: db/postgres/search-sql.ts's diagnosesByWords.
 */
const byWordsSql = (lang: Language) => `
  select d.code, ${nameOf(lang)} as name, 0 as exact from diagnoses_fts f join diagnoses d on d.rowid = f.rowid
  where diagnoses_fts match :match
  order by ${USES} desc, length(d.compact) = 3 desc, length(${nameOf(lang)}), d.code
  limit :limit`;

type Row = Diagnosis & { exact: number | boolean };

const texts = {
  byCode: { es: byCodeSql('es'), en: byCodeSql('en') },
  byCodePostgres: { es: byCodePostgresSql('es'), en: byCodePostgresSql('en') },
  byWords: { es: byWordsSql('es'), en: byWordsSql('en') },
  code: {
    es: `select d.code, ${nameOf('es')} as name from diagnoses d where d.code = ?`,
    en: `select d.code, ${nameOf('en')} as name from diagnoses d where d.code = ?`,
  },
  named: 'select code, name_es as name from diagnoses where code = ? or compact = ? limit 1',
};

/** The rows of one of the texts above, its named parameters given by name. */
async function rowsOf<R>(db: DbOrTx, text: string, params: Record<string, unknown>): Promise<R[]> {
  const statement = positional(text, params);
  return rawRows<R>(db, statement.text, statement.args);
}

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

/** GET /catalog/diagnoses: at most `limit` diagnoses, in the order the comment above this file gives. */
export async function searchDiagnoses(db: DbOrTx, query: { q: string; lang: Language; limit: number }): Promise<Diagnosis[]> {
  const text = query.q.trim();
  if (!text) return [];
  const { lang, limit } = query;
  const postgres = engineNameOf(db) === 'postgres';
  const byCode = (compact: string) => rowsOf<Row>(db, (postgres ? texts.byCodePostgres : texts.byCode)[lang], { compact, limit });
  /** Names in `names`' language holding every word; undefined when the text has no word. */
  const byWords = async (names: Language, words: number): Promise<Row[] | undefined> => {
    if (postgres) {
      const query = diagnosesByWords(lang, names, text, words);
      return query && (await sqlRows<Row>(db, query));
    }
    const match = ftsQuery(text, names);
    return match === undefined ? undefined : await rowsOf<Row>(db, texts.byWords[lang], { match, limit: words });
  };
  const code = (synonymCode: string) => rawGet<Diagnosis>(db, texts.code[lang], [synonymCode]);
  const codes = async (synonymCodes: string[]) => {
    const rows: (Diagnosis | undefined)[] = [];
    for (const synonymCode of synonymCodes) rows.push(await code(synonymCode));
    return rows;
  };
  const found = new Map<string, string>();
  const add = (rows: Iterable<Diagnosis | undefined>) => {
    for (const row of rows) {
      if (found.size >= limit) return;
      if (row && !found.has(row.code)) found.set(row.code, row.name);
    }
  };
  const compact = compactCode(text);
  const byCodeRows = compact ? await byCode(compact) : [];
  add(byCodeRows.filter((row) => row.exact));
  const synonyms = synonymHits(text, lang);
  // A synonym's code the loaded catalog does not hold (an older or partial catalog) is left out.
  add(await codes(synonyms.exact));
  // Then the subdivisions of those codes, as typing the code would offer them: "DM2" offers E11.9 too.
  for (const synonymCode of synonyms.exact) add(await byCode(compactCode(synonymCode)!));
  add(await codes(synonyms.prefix));
  add(byCodeRows);
  for (const names of [lang, otherLanguage(lang)]) {
    if (found.size >= limit) break;
    // Asked for as many as could be new: some may be codes already found above.
    const rows = await byWords(names, limit + found.size);
    if (!rows) break;
    add(rows);
  }
  return [...found].map(([diagnosisCode, name]) => ({ code: diagnosisCode, name }));
}

/**
 * The catalog's entry for each code as typed ("e11.9", "E119" and "E11.9" are one code), in the
 * order given, each once; `unknown` lists what the catalog does not hold, as it was typed.
 * Names are the Spanish ones: the note is the practice's record, written in its language.
 */
export async function resolveDiagnoses(db: DbOrTx, codes: readonly string[]): Promise<{ diagnoses: Diagnosis[]; unknown: string[] }> {
  const diagnoses = new Map<string, string>();
  const unknown: string[] = [];
  for (const typed of codes) {
    const compact = compactCode(typed);
    const row = compact ? await rawGet<Diagnosis>(db, texts.named, [typed.trim(), compact]) : undefined;
    if (row) diagnoses.set(row.code, row.name);
    else unknown.push(typed);
  }
  return { diagnoses: [...diagnoses].map(([code, name]) => ({ code, name })), unknown };
}
